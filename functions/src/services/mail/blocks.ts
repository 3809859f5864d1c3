/**
 * The blocks a mail is written in (paragraphs, label-value rows, links, lists) and how they become
 * the plain text and the simple HTML of one mail.
 */
import { SITE } from '@yaari/domain/site'
import type { MailContent } from './mail-kinds'

/** A paragraph, a list of label-value rows, a link, or a list: the blocks a mail is made of. */
export type Block =
  | { p: string }
  | { rows: [label: string, value: string][] }
  | { link: string; label: string }
  | { list: readonly string[]; heading: string }

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

function toText(blocks: Block[]): string {
  const parts = blocks.map((block) => {
    if ('p' in block) return block.p
    if ('rows' in block) return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n')
    if ('link' in block) return `${block.label}: ${block.link}`
    return `${block.heading}\n${block.list.map((item) => `- ${item}`).join('\n')}`
  })
  return `${[...parts, `${SITE.productName} · ${SITE.email} · ${SITE.phone}`].join('\n\n')}\n`
}

function toHtml(title: string, blocks: Block[]): string {
  const body = blocks.map((block) => {
    if ('p' in block) return `<p>${escapeHtml(block.p)}</p>`
    if ('rows' in block) {
      const rows = block.rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join('')
      return `<table role="presentation" cellpadding="0" cellspacing="0">${rows}</table>`
    }
    if ('link' in block) return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`
    return `<p>${escapeHtml(block.heading)}</p><ul>${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
  })
  return [
    '<!doctype html>',
    `<html lang="en-IN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f1f1f;max-width:560px">',
    ...body,
    `<p style="color:#666">${escapeHtml(SITE.productName)} · ${escapeHtml(SITE.email)} · ${escapeHtml(SITE.phone)}</p>`,
    '</body></html>',
  ].join('\n')
}

export function mail(subject: string, blocks: Block[], attachments?: MailContent['attachments']): MailContent {
  return { subject, text: toText(blocks), html: toHtml(subject, blocks), ...(attachments ? { attachments } : {}) }
}
