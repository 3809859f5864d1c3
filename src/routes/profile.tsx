import { createFileRoute } from '@tanstack/react-router'
import { SignOutButton } from '../features/account/sign-out-button'
import { DevicePush } from '../features/notifications/device-push'
import { NotificationSettings } from '../features/notifications/settings-section'
import { ProfilePage } from '../features/profile/profile-page'
import { YourData } from '../features/profile/your-data'

/**
 * The member's profile (onboarding's fields), their notifications on this device, their data
 * rights and Sign Out (the account's).
 */
function Profile() {
  return (
    <ProfilePage
      initial={Route.useLoaderData()}
      notifications={
        <NotificationSettings>
          <DevicePush />
        </NotificationSettings>
      }
      signOut={<SignOutButton />}
    >
      <YourData />
    </ProfilePage>
  )
}

export const Route = createFileRoute('/profile')({
  // The profile as this device holds it, read before the page renders (never the network).
  loader: () => import('../lib/member-data/hooks').then(({ loadMyProfile }) => loadMyProfile()),
  component: Profile,
})
