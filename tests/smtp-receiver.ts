// A real SMTP server for tests: mails sent by the app over SMTP_URL arrive here and are
// parsed, so tests read exactly what a member's mailbox would receive.
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** `headers`: every header line as sent, by its lower-case name (the last one of a name wins). */
export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string; headers: Record<string, string>; receivedAt: number }

/**
 * `beforeAccept` may hold a mail before the server answers (the sender waits for it) and
 * refuse it: a refused mail was never accepted, exactly as with a real server.
 */
export async function startSmtpReceiver(
  port = 0,
  options: { beforeAccept?: (mail: ReceivedMail & { messageId: string }) => Promise<boolean> } = {},
): Promise<{ port: number; url: string; mails: (ReceivedMail & { messageId: string })[]; stop: () => Promise<void> }> {
  const mails: (ReceivedMail & { messageId: string })[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to].flat().flatMap((a) => (a ? a.value.map((v) => v.address ?? '') : []))
          const mail = {
            to: to.map((a) => a.toLowerCase()),
            from: parsed.from?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])),
            receivedAt: Date.now(),
            messageId: parsed.messageId ?? '',
          }
          return (options.beforeAccept ? options.beforeAccept(mail) : Promise.resolve(true)).then((accept) => {
            if (!accept) return callback(new Error('refused'))
            mails.push(mail)
            callback()
          })
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const actual = (server.server.address() as AddressInfo).port
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    mails,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The first link in a mail's text that points at `path`. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replace(/[/?]/g, (c) => `\\${c}`)}\\S*`).exec(mail.text)
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}"`)
  return match[0]
}
