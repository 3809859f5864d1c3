import { createFileRoute } from '@tanstack/react-router'
import { YourData } from '../features/account/your-data'
import { ProfilePage } from '../features/onboarding/profile-page'

/** The member's profile (onboarding's fields) and their data rights (the account's). */
function Profile() {
  return (
    <ProfilePage>
      <YourData />
    </ProfilePage>
  )
}

export const Route = createFileRoute('/profile')({ component: Profile })
