import PrinterOutlined from '@ant-design/icons/PrinterOutlined';
import { LANGS, type RegisterLink, type VisitLocation } from '@atrium/contract';
import { Alert, Button, Card, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { i18n, loadLanguage } from '../../../shared/i18n/i18n';
import { useRegisterLink } from '../api/reception-devices.api';
import { placeLabel } from './reception-device-parts';

/** The poster's page: A4, the code large enough to scan from a step away. */
const POSTER_STYLE = `
@page { size: A4; margin: 20mm; }
body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', 'Noto Sans CJK SC', sans-serif; color: #000; text-align: center; }
h1 { margin: 10mm 0 8mm; font-size: 34pt; }
p { margin: 0 0 4mm; font-size: 22pt; }
img { display: block; width: 120mm; height: 120mm; margin: 10mm auto 6mm; image-rendering: pixelated; }
.link { font-size: 10pt; word-break: break-all; color: #333; }
`;

/**
 * An A4 poster of a place's walk-in link, written as a document of its own: the place, the invitation
 * to scan in every language of the console, the code and the address. Its text is set as text, so a
 * place's name can hold no markup.
 */
function walkInPoster(placeName: string, link: RegisterLink): string {
  const poster = document.implementation.createHTMLDocument(placeName);
  const style = poster.createElement('style');
  style.textContent = POSTER_STYLE;
  poster.head.append(style);
  const add = (tag: string, text: string, attributes: Record<string, string> = {}) => {
    const element = poster.createElement(tag);
    element.textContent = text;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    poster.body.append(element);
  };
  add('h1', placeName);
  for (const lang of LANGS) add('p', i18n.getFixedT(lang)('visitor.register.poster.title'), { lang });
  add('img', '', { src: link.qr, alt: '' });
  add('p', link.link, { class: 'link' });
  return `<!doctype html>${poster.documentElement.outerHTML}`;
}

/** Prints the poster from an invisible frame, once its code has loaded (the frame's load waits for it). */
async function printPoster(placeName: string, link: RegisterLink) {
  // The poster speaks every language, whichever the console shows (a language that fails to load falls back to English).
  await Promise.allSettled(LANGS.map((lang) => loadLanguage(lang)));
  document.body.querySelector('iframe.atrium-poster-frame')?.remove();
  const frame = document.createElement('iframe');
  frame.className = 'atrium-poster-frame';
  frame.title = placeName;
  frame.onload = () => frame.contentWindow?.print();
  frame.srcdoc = walkInPoster(placeName, link);
  document.body.append(frame);
}

/**
 * A place's walk-in link (spec 001 section 4, self-registration): reception prints its code as a
 * poster at the entrance; a visitor without an invitation scans it and registers on their phone.
 */
export function WalkInLinkCard({ place }: { place: VisitLocation }) {
  const { t } = useTranslation();
  const link = useRegisterLink(place.id);
  const [isPrinting, setPrinting] = useState(false);
  const print = (value: RegisterLink) => {
    setPrinting(true);
    void printPoster(placeLabel(place), value).finally(() => setPrinting(false));
  };

  let content = null;
  if (link.isError) {
    content = <Alert type="warning" showIcon title={link.error instanceof ApiError ? link.error.message : t('visitor.register.link.loadFailed')} data-testid="reception-walk-in-failed" />;
  } else if (link.data) {
    const value = link.data;
    content = (
      <div className="atrium-reception-walk-in">
        <img src={value.qr} alt={t('visitor.register.link.qrAlt')} className="atrium-reception-walk-in-qr" data-testid="reception-walk-in-qr" />
        <div className="atrium-reception-walk-in-text">
          <Typography.Paragraph type="secondary">{t('visitor.register.link.help')}</Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: value.link }} className="atrium-reception-walk-in-link" data-testid="reception-walk-in-link">
            {value.link}
          </Typography.Paragraph>
          <Typography.Paragraph data-testid="reception-walk-in-expires">{t('visitor.register.link.validUntil', { date: dayjs(value.expiresAt).format('YYYY-MM-DD') })}</Typography.Paragraph>
          <Button icon={<PrinterOutlined />} onClick={() => print(value)} loading={isPrinting} data-testid="reception-walk-in-print">
            {t('visitor.register.link.print')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Card title={t('visitor.register.link.title')} loading={link.isPending} data-testid="reception-walk-in">
      {content}
    </Card>
  );
}
