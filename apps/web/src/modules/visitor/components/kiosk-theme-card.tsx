import { KIOSK_WELCOME_MAX, KioskTheme } from '@atrium/contract';
import { App, Button, Card, ColorPicker, Form, Input, Segmented, Typography, theme as antdTheme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { claimOnForm } from '../../../shared/forms/form-failure';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { currentLang } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-context';
import { contrastRatio } from '../../../shared/theme/contrast';
import { useKioskTheme, useSaveKioskTheme } from '../api/reception-devices.api';
import './kiosk-theme-card.css';

/** The form holds empty text where the theme holds null (the product's welcome, the console's colour). */
interface ThemeForm {
  welcomeEn: string;
  welcomeZh: string;
  color: string;
}

type ThemeField = keyof ThemeForm;
const FIELDS: Record<ThemeField, ThemeField> = { welcomeEn: 'welcomeEn', welcomeZh: 'welcomeZh', color: 'color' };
const HEX = /^#[0-9a-fA-F]{6}$/;

const formOf = (theme: KioskTheme): ThemeForm => ({ welcomeEn: theme.welcomeEn ?? '', welcomeZh: theme.welcomeZh ?? '', color: theme.color ?? '' });
const themeOf = (values: ThemeForm): KioskTheme => ({
  welcomeEn: values.welcomeEn.trim() || null,
  welcomeZh: values.welcomeZh.trim() || null,
  color: values.color.trim() ? values.color.trim().toLowerCase() : null,
});

/** White or black, whichever reads better on the colour. */
const textOn = (color: string) => (contrastRatio(color, '#ffffff') >= contrastRatio(color, '#000000') ? '#ffffff' : '#000000');

/**
 * The visitor settings' kiosk theme (the spec's Theme Settings of the pad): the welcome line in each
 * language and the accent colour every visitor kiosk of the company shows, with a preview of the
 * kiosk's welcome header. Kiosks take it at their next configuration read.
 */
export function KioskThemeCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const theme = useKioskTheme();
  return (
    <Card title={t('visitor.kioskTheme.title')} loading={!theme.data} data-testid="kiosk-theme">
      {theme.data ? <KioskThemeForm theme={theme.data} canEdit={canEdit} /> : null}
    </Card>
  );
}

function KioskThemeForm({ theme, canEdit }: { theme: KioskTheme; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const save = useSaveKioskTheme();
  const [form] = Form.useForm<ThemeForm>();
  const initialValues = formOf(theme);
  const dirty = useFormDirty(form, { initialValues });
  useUnsavedChanges(dirty.isDirty);
  const [previewLang, setPreviewLang] = useState<'en' | 'zh'>(() => (currentLang() === 'zh-CN' ? 'zh' : 'en'));
  const welcomeEn = (Form.useWatch('welcomeEn', form) as string | undefined) ?? initialValues.welcomeEn;
  const welcomeZh = (Form.useWatch('welcomeZh', form) as string | undefined) ?? initialValues.welcomeZh;
  const color = (Form.useWatch('color', form) as string | undefined) ?? initialValues.color;
  const accent = HEX.test(color.trim()) ? color.trim() : null;
  // Without a colour of its own the kiosk takes the console's: the swatch shows that one.
  const consoleColor = antdTheme.useToken().token.colorPrimary;

  async function submit(values: ThemeForm) {
    try {
      const answer = await save.mutateAsync(themeOf(values));
      dirty.markClean();
      void message.success(answer.message);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const placed = claimOnForm<ThemeField>(form, { paths: FIELDS, refusedText: (field) => t(field === 'color' ? 'visitor.kioskTheme.colorRule' : 'visitor.kioskTheme.welcomeRule', { max: KIOSK_WELCOME_MAX }) })(error);
      if (!placed) void message.error(error.message);
    }
  }

  const company = user.company.name;
  const welcome = previewLang === 'en' ? welcomeEn.trim() || t('visitor.kioskTheme.defaultWelcome.en', { company }) : welcomeZh.trim() || t('visitor.kioskTheme.defaultWelcome.zh', { company });
  const headerStyle = accent ? { background: accent, color: textOn(accent) } : { background: 'var(--atrium-primary)', color: 'var(--atrium-text-on-primary)' };

  return (
    <div className="atrium-kiosk-theme">
      <Form form={form} layout="vertical" initialValues={initialValues} onValuesChange={dirty.onValuesChange} onFinish={(values) => void submit(values)} disabled={!canEdit} data-testid="kiosk-theme-form">
        <Typography.Paragraph type="secondary">{t('visitor.kioskTheme.help')}</Typography.Paragraph>
        <Form.Item name="welcomeEn" label={t('visitor.kioskTheme.welcomeEn')} extra={t('visitor.kioskTheme.welcomeHint')} rules={[zodRule(KioskTheme.shape.welcomeEn, t('visitor.kioskTheme.welcomeRule', { max: KIOSK_WELCOME_MAX }))]}>
          <Input maxLength={KIOSK_WELCOME_MAX} showCount placeholder={t('visitor.kioskTheme.defaultWelcome.en', { company })} onFocus={() => setPreviewLang('en')} data-testid="kiosk-theme-welcome-en" />
        </Form.Item>
        <Form.Item name="welcomeZh" label={t('visitor.kioskTheme.welcomeZh')} rules={[zodRule(KioskTheme.shape.welcomeZh, t('visitor.kioskTheme.welcomeRule', { max: KIOSK_WELCOME_MAX }))]}>
          <Input maxLength={KIOSK_WELCOME_MAX} showCount placeholder={t('visitor.kioskTheme.defaultWelcome.zh', { company })} onFocus={() => setPreviewLang('zh')} data-testid="kiosk-theme-welcome-zh" />
        </Form.Item>
        <Form.Item label={t('visitor.kioskTheme.color')} extra={t('visitor.kioskTheme.colorHint')}>
          <div className="atrium-kiosk-color">
            <ColorPicker
              disabledAlpha
              disabled={!canEdit}
              value={accent ?? consoleColor}
              onChangeComplete={(picked) => {
                form.setFieldValue('color', picked.toHexString());
                dirty.onValuesChange();
              }}
              aria-label={t('visitor.kioskTheme.color')}
              data-testid="kiosk-theme-swatch"
            />
            <Form.Item name="color" noStyle rules={[{ pattern: HEX, message: t('visitor.kioskTheme.colorRule') }]}>
              <Input maxLength={7} placeholder="#1677ff" allowClear aria-label={t('visitor.kioskTheme.color')} data-testid="kiosk-theme-color" />
            </Form.Item>
          </div>
        </Form.Item>
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="kiosk-theme-save">
            {t('visitor.kioskTheme.save')}
          </Button>
        ) : null}
      </Form>
      <div>
        <div className="atrium-kiosk-preview-bar">
          <Typography.Text type="secondary">{t('visitor.kioskTheme.preview')}</Typography.Text>
          <Segmented
            size="small"
            value={previewLang}
            onChange={(value) => setPreviewLang(value as 'en' | 'zh')}
            options={[
              { value: 'en', label: 'English' },
              { value: 'zh', label: '中文' },
            ]}
            data-testid="kiosk-theme-preview-lang"
          />
        </div>
        <div className="atrium-kiosk-preview" data-testid="kiosk-theme-preview">
          <div className="atrium-kiosk-preview-header" style={headerStyle} data-testid="kiosk-theme-preview-header">
            <div className="atrium-kiosk-preview-company">{company}</div>
            <div className="atrium-kiosk-preview-welcome" lang={previewLang === 'en' ? 'en' : 'zh-CN'}>
              {welcome}
            </div>
          </div>
          <div className="atrium-kiosk-preview-body">
            <span>{t(`visitor.kioskTheme.previewScan.${previewLang}`)}</span>
          </div>
        </div>
      </div>
    </div>
  );
}
