// The one mail layout (React Email), themed per site: the site's name on its secondary
// colour, the call to action in its primary colour, its company details in the footer.
import { Body, Button, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components'
import type { ThemeColors } from '../../../themes/index.ts'
import { readableOn } from '../theme/css-vars.ts'

export type MailLayoutProps = {
  lang: string
  siteName: string
  /** The site's logo mark (its /favicon.svg), beside the name; mail clients without SVG show the name only. */
  logo: string
  colors: ThemeColors
  preview: string
  paragraphs: string[]
  button: string
  link: string
  footer: string
  company: string
  preferences?: { text: string; link: string }
}

export function MailLayout(p: MailLayoutProps) {
  const c = p.colors
  return (
    <Html lang={p.lang}>
      <Head />
      <Preview>{p.preview}</Preview>
      <Body style={{ margin: 0, backgroundColor: c.background, color: c.text, fontFamily: 'Arial, Helvetica, sans-serif' }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '24px 0' }}>
          <Section style={{ backgroundColor: c.secondary, color: readableOn(c.secondary), padding: '16px 24px', borderRadius: '8px 8px 0 0' }}>
            <Text style={{ margin: 0, fontSize: '20px', fontWeight: 'bold', color: readableOn(c.secondary) }}>
              <Img src={p.logo} alt="" width="28" height="28" style={{ display: 'inline-block', verticalAlign: 'middle', marginRight: '8px' }} />
              {p.siteName}
            </Text>
          </Section>
          <Section style={{ backgroundColor: c.surface, padding: '24px', fontSize: '15px', lineHeight: '1.5' }}>
            {p.paragraphs.map((text, i) => (
              <Text key={i} style={{ fontSize: '15px', lineHeight: '1.5', color: c.text }}>
                {text}
              </Text>
            ))}
            <Button href={p.link} style={{ backgroundColor: c.primary, color: readableOn(c.primary), padding: '12px 20px', borderRadius: '6px', fontWeight: 'bold', textDecoration: 'none', margin: '16px 0' }}>
              {p.button}
            </Button>
            <Text style={{ fontSize: '12px', color: c.muted, wordBreak: 'break-all' }}>{p.link}</Text>
          </Section>
          <Section style={{ backgroundColor: c.surface, padding: '0 24px 16px', borderRadius: '0 0 8px 8px' }}>
            <Hr style={{ borderColor: c.muted }} />
            <Text style={{ fontSize: '12px', color: c.muted, margin: '4px 0' }}>{p.footer}</Text>
            <Text style={{ fontSize: '12px', color: c.muted, margin: '4px 0' }}>{p.company}</Text>
            {p.preferences ? (
              <Link href={p.preferences.link} style={{ fontSize: '12px', color: c.muted }}>
                {p.preferences.text}
              </Link>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  )
}
