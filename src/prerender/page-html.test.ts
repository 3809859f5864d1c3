import { describe, expect, it } from 'vitest'
import { LOADER_SCRIPT, prerenderedPageHtml } from './page-html'

// What `vite build` writes to dist/index.html, trimmed.
const TEMPLATE = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta name="description" content="Yaari: meet, mingle and make friends." />
    <title>Yaari: Meet, Mingle &amp; Make friends</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-123.css">
    <link rel="manifest" href="/manifest.webmanifest">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

const page = {
  path: '/events',
  body: '<h1>Events in Bangalore</h1>',
  meta: { title: 'Events in <Bangalore>', description: 'Dinners & "mixers"' },
  renderedAt: 1795345081616,
}

describe('prerenderedPageHtml', () => {
  const html = prerenderedPageHtml(TEMPLATE, page)
  const head = html.slice(0, html.indexOf('</head>'))

  it('puts the page in #root, stamped with its path and the time it was rendered', () => {
    expect(html).toContain(
      '<div id="root" data-rendered-at="1795345081616" data-rendered-path="/events"><h1>Events in Bangalore</h1></div>',
    )
  })

  it("writes the page's own title and description, escaped", () => {
    expect(head).toContain('<title>Events in &lt;Bangalore&gt; | Yaari</title>')
    expect(head).toContain('<meta name="description" content="Dinners &amp; &quot;mixers&quot;"')
  })

  it('keeps the stylesheet in <head> but loads the code only after the first paint', () => {
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-123.css">')
    expect(head).not.toContain('<script')
    expect(head).not.toContain('modulepreload')
    expect(head).toContain('<meta name="yaari:entry" content="/assets/index-abc.js" />')
    const loader = html.slice(html.indexOf('</div>'), html.indexOf('</body>'))
    expect(loader).toContain(`<script type="module">${LOADER_SCRIPT}</script>`)
    expect(loader).toContain("observe({ type: 'paint', buffered: true })")
  })

  it('links the manifest only after the first paint, from the loader (its fetch and its icon would take the first bytes’ signal)', () => {
    expect(head).not.toContain('rel="manifest"')
    const loader = html.slice(html.indexOf('</div>'), html.indexOf('</body>'))
    expect(loader).toContain("rel: 'manifest', href: '/manifest.webmanifest'")
    expect(() => prerenderedPageHtml(TEMPLATE.replace('/manifest.webmanifest', '/app.webmanifest'), page)).toThrow(
      /manifest/,
    )
  })

  it('writes the same inline loader in every build, so the CSP can allow it by its hash', () => {
    const other = prerenderedPageHtml(TEMPLATE.replace('index-abc.js', 'index-xyz.js'), page)
    const scripts = (text: string) => [...text.matchAll(/<script[^>]*>([^<]*)<\/script>/g)].map((m) => m[1])
    expect(scripts(other)).toEqual(scripts(html))
    expect(other).toContain('content="/assets/index-xyz.js"')
  })

  it('refuses a template it cannot fill', () => {
    expect(() => prerenderedPageHtml(TEMPLATE.replace('<div id="root"></div>', ''), page)).toThrow(/#root|root/)
    expect(() => prerenderedPageHtml(TEMPLATE.replace(/<script[^>]*><\/script>/, ''), page)).toThrow(/script/)
  })
})

describe('social tags', () => {
  const social = {
    siteUrl: 'https://yaari.example',
    image: '/images/og/x.png',
    structuredData: { '@type': 'Event', name: '</script><b>' },
  }
  const html = prerenderedPageHtml(TEMPLATE, { ...page, social })
  const head = html.slice(0, html.indexOf('</head>'))

  it('names the canonical address, Open Graph and Twitter card data, escaped', () => {
    expect(head).toContain('<link rel="canonical" href="https://yaari.example/events" />')
    expect(head).toContain('<meta property="og:url" content="https://yaari.example/events" />')
    expect(head).toContain('<meta property="og:title" content="Events in &lt;Bangalore&gt; | Yaari" />')
    expect(head).toContain('<meta property="og:description" content="Dinners &amp; &quot;mixers&quot;" />')
    expect(head).toContain('<meta property="og:image" content="https://yaari.example/images/og/x.png" />')
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />')
  })

  it('embeds the structured data as JSON that cannot end its script', () => {
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)?.[1]
    expect(JSON.parse(json ?? '')).toEqual(social.structuredData)
    expect(head.match(/<\/script>/g)).toHaveLength(1)
  })
})
