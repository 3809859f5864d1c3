/**
 * The web app's configuration as the build baked it in. vite.config.ts validated these
 * values with src/lib/env-schema.ts before building, so reading them needs no validator
 * in the browser bundle.
 */
const env = import.meta.env

export const clientConfig = {
  projectId: env.VITE_FIREBASE_PROJECT_ID as string,
  apiKey: env.VITE_FIREBASE_API_KEY as string,
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN as string,
  appId: env.VITE_FIREBASE_APP_ID as string,
  storageBucket: (env.VITE_FIREBASE_STORAGE_BUCKET as string | undefined) || undefined,
  functionsRegion: (env.VITE_FUNCTIONS_REGION as string | undefined) || 'asia-south1',
  /** Empty in production; the emulators' host locally. */
  emulatorHost: (env.VITE_FIREBASE_EMULATOR_HOST as string | undefined) || '',
  authEmulatorPort: Number(env.VITE_FIREBASE_AUTH_EMULATOR_PORT || 9099),
  functionsEmulatorPort: Number(env.VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT || 5001),
  /** Locally, the payment stand-in's stand-in for Cashfree's SDK script; empty in production. */
  cashfreeSdkUrl: (env.VITE_CASHFREE_SDK_URL as string | undefined) || '',
  /** Firebase App Check's reCAPTCHA Enterprise site key; empty: App Check off. */
  appCheckSiteKey: (env.VITE_APP_CHECK_SITE_KEY as string | undefined) || '',
  /** New members must confirm their email before signing in (off unless set to 'true'). */
  requireEmailVerification: env.VITE_REQUIRE_EMAIL_VERIFICATION === 'true',
  /** Web Push's VAPID public key (base64url), which each subscription on a device is tied to. */
  vapidPublicKey: env.VITE_VAPID_PUBLIC_KEY as string,
}

/** The HTTPS address of a callable function (the emulator's locally). */
export function functionEndpoint(name: string): string {
  const { emulatorHost, functionsEmulatorPort, projectId, functionsRegion } = clientConfig
  return emulatorHost
    ? `http://${emulatorHost}:${functionsEmulatorPort}/${projectId}/${functionsRegion}/${name}`
    : `https://${functionsRegion}-${projectId}.cloudfunctions.net/${name}`
}
