import { FileUpload } from '@ark-ui/react/file-upload'
import { Link } from '@tanstack/react-router'
import { MAX_PHOTO_BYTES, MESSAGES } from '@yaari/domain/profile'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { flex, grid } from 'styled-system/patterns'
import { text } from 'styled-system/recipes'
import { Button } from '../../ui/button'
import { showToast } from '../../ui/toast'
import type { OnboardingDraft } from './draft-store'
import { type PhotoProblem, photoProblem, resizePhoto, uploadPhoto } from './photo'
import { StepForm } from './step-form'
import { ONBOARDING_MESSAGES } from './steps'
import { useFlowStep } from './use-step'

/** An object URL for a Blob, revoked when the Blob changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!blob) return setUrl(undefined)
    const created = URL.createObjectURL(blob)
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [blob])
  return url
}

/**
 * Uploading the picture kept in the draft, with its busy state for the Continue button: `upload`
 * resolves false (after saying why) when it fails.
 */
export function usePhotoUpload(draft: OnboardingDraft, change: (patch: Partial<OnboardingDraft>) => void) {
  const [busy, setBusy] = useState(false)
  const upload = async (): Promise<boolean> => {
    if (!draft.photo || draft.profilePictureUrl) return true
    setBusy(true)
    try {
      change({ profilePictureUrl: await uploadPhoto(draft.photo) })
      return true
    } catch {
      void showToast({
        title: ONBOARDING_MESSAGES.uploadTitle,
        description: ONBOARDING_MESSAGES.uploadBody,
        type: 'error',
      })
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, upload }
}

/**
 * Choosing a profile picture: checked (image, at most 5 MB), made smaller in the browser and
 * kept with the draft, so it survives a reload. Shows a preview with 'Upload photo' and
 * 'Remove photo'.
 */
export function PhotoPicker({
  draft,
  change,
  uploadsWith = 'Continue',
}: {
  draft: OnboardingDraft
  change: (patch: Partial<OnboardingDraft>) => void
  /** The button that uploads a chosen photo along with the rest, as this form names it. */
  uploadsWith?: string
}) {
  const [problem, setProblem] = useState<PhotoProblem>()
  const preview = useObjectUrl(draft.photo)
  const uploaded = Boolean(draft.photo && draft.profilePictureUrl)
  const { busy: uploading, upload } = usePhotoUpload(draft, change)

  const accept = async (file: File) => {
    const invalid = photoProblem(file)
    if (invalid) return setProblem(invalid)
    try {
      change({ photo: await resizePhoto(file), profilePictureUrl: null })
      setProblem(undefined)
    } catch {
      setProblem({ title: MESSAGES.photoTypeTitle, description: MESSAGES.photoType })
    }
  }

  return (
    <div className={grid({ gap: '4' })}>
      {preview ? (
        <div className={css({ display: 'grid', justifyItems: 'center', gap: '3' })}>
          <img
            src={preview}
            alt="Your avatar preview"
            width={160}
            height={160}
            className={css({
              w: '40',
              h: '40',
              borderRadius: 'full',
              objectFit: 'cover',
              borderWidth: '2px',
              borderColor: 'border.default',
              bg: 'bg.muted',
            })}
          />
          <p role="status" className={css({ fontSize: 'sm', color: uploaded ? 'fg.success' : 'fg.muted' })}>
            {uploaded ? 'Photo uploaded' : `Not uploaded yet: it uploads when you press ${uploadsWith}.`}
          </p>
          <div className={flex({ gap: '3' })}>
            {uploaded ? null : (
              <Button variant="outline" loading={uploading} loadingText="Uploading…" onClick={upload}>
                Upload photo
              </Button>
            )}
            <Button variant="ghost" onClick={() => change({ photo: undefined, profilePictureUrl: null })}>
              Remove photo
            </Button>
          </div>
        </div>
      ) : (
        <FileUpload.Root
          accept="image/*"
          maxFiles={1}
          maxFileSize={MAX_PHOTO_BYTES}
          onFileAccept={({ files }) => files[0] && void accept(files[0])}
          onFileReject={({ files }) => {
            const rejected = files[0]
            if (!rejected) return
            setProblem(
              rejected.errors.includes('FILE_TOO_LARGE')
                ? { title: MESSAGES.photoSizeTitle, description: MESSAGES.photoSize }
                : { title: MESSAGES.photoTypeTitle, description: MESSAGES.photoType },
            )
          }}
        >
          <FileUpload.Label className={text({ weight: 'semibold' })}>Profile picture</FileUpload.Label>
          <div
            className={css({
              mt: '2',
              display: 'grid',
              justifyItems: 'center',
              gap: '3',
              p: '8',
              borderWidth: '2px',
              borderStyle: 'dashed',
              borderColor: 'border.strong',
              borderRadius: 'l3',
              textAlign: 'center',
            })}
          >
            <FileUpload.Trigger className={text({ weight: 'semibold' })} asChild>
              <Button variant="outline">Choose a photo</Button>
            </FileUpload.Trigger>
            <p className={text({ tone: 'muted', size: 'sm' })}>JPEG, PNG, WebP or GIF, up to 5 MB</p>
          </div>
          <FileUpload.HiddenInput />
        </FileUpload.Root>
      )}
      {problem ? (
        <div role="alert" className={css({ color: 'fg.error' })}>
          <p className={text({ weight: 'semibold' })}>{problem.title}</p>
          <p className={text({ size: 'sm' })}>{problem.description}</p>
        </div>
      ) : null}
    </div>
  )
}

/**
 * Step 4, optional: a profile picture, uploaded with 'Upload photo' or on Continue. When the
 * upload fails the member goes on without it (it is tried again when the profile is saved).
 */
export function PhotoStep() {
  const { draft, change, next, continueToNext } = useFlowStep('/onboarding/profile-picture', 'Your profile picture')
  const { busy, upload } = usePhotoUpload(draft, change)

  return (
    <StepForm
      title="Add a profile picture"
      description="Optional. A friendly face helps your group find you at the venue."
      busy={busy}
      busyLabel="Uploading…"
      onContinue={async () => {
        await upload() // a failed upload is tried again when the profile is saved
        await continueToNext()
      }}
      footer={
        <Link to={next} className={css({ justifySelf: 'center', color: 'accent.text', textDecoration: 'underline' })}>
          Skip for now
        </Link>
      }
    >
      <PhotoPicker draft={draft} change={change} />
    </StepForm>
  )
}
