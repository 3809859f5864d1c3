import { expect, test } from '@playwright/test'

test.describe('offline', () => {
  test('the app reloads and navigates offline once the service worker controls it', async ({ page, context }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // registerType 'prompt': the first load is not controlled; wait for the worker, reload once.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Meet, Mingle & Make friends' })).toBeVisible()

    // A deep link that was never visited still opens: the shell and route chunks are precached.
    await page.goto('/how-it-works')
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible()
    await context.setOffline(false)
  })

  test('the manifest makes the app installable', async ({ request }) => {
    const response = await request.get('/manifest.webmanifest')
    expect(response.ok()).toBe(true)
    const manifest = await response.json()
    expect(manifest).toMatchObject({ name: 'Yaari', short_name: 'Yaari', start_url: '/', display: 'standalone' })
    const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
    for (const icon of manifest.icons) expect((await request.get(icon.src)).ok()).toBe(true)
    expect(manifest.screenshots.map((shot: { form_factor: string }) => shot.form_factor)).toEqual(['narrow', 'wide'])
    for (const shot of manifest.screenshots) {
      const image = await request.get(shot.src)
      expect(image.headers()['content-type']).toBe('image/png')
    }
  })
})
