import { css } from 'styled-system/css'
import { heading } from 'styled-system/recipes'
import { Button } from '../../ui/button'
import { useInstallOption } from './install'

/** 'Install Yaari' where the browser can do it, or the iOS steps; nothing once installed. */
export default function InstallApp() {
  const option = useInstallOption()
  if (option.kind === 'none') return null
  return (
    <div className={css({ mt: '8' })}>
      <h2 className={heading({ level: 'label' })}>Get the app</h2>
      {option.kind === 'prompt' ? (
        <Button variant="outline" className={css({ mt: '2', color: 'inherit' })} onClick={() => void option.install()}>
          Install Yaari
        </Button>
      ) : (
        <p className={css({ mt: '1', opacity: 0.85 })}>
          On iPhone: tap Share, then Add to Home Screen. Yaari then opens like an app, even offline.
        </p>
      )}
    </div>
  )
}
