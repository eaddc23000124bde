import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { INFO_FIELDS, INFO_ITEM_LIMITS, InfoItem, type InfoFields, type InfoShowSetting, type InfoShowSettingList } from '@atrium/contract';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useDeleteInfoShow, useSaveInfoShow } from '../api/display-info.api';

interface InfoValues {
  fields: InfoFields;
  items: InfoItem[];
}

export interface InfoShowCardProps {
  data: InfoShowSettingList;
  canEdit: boolean;
}

/** The scope select's value for the company default (room ids are positive). */
const COMPANY_SCOPE = 0;

/** The first label used twice, ignoring case (the server refuses it too). */
export function repeatedLabel(items: readonly Partial<InfoItem>[]): string | undefined {
  const seen = new Set<string>();
  for (const item of items) {
    const key = item?.label?.trim().toLocaleLowerCase();
    if (!key) continue;
    if (seen.has(key)) return item.label!.trim();
    seen.add(key);
  }
  return undefined;
}

interface InfoShowFormProps {
  entry: InfoShowSetting;
  roomId: number | null;
  canEdit: boolean;
  /** Told whether the form holds unsaved changes: the card asks before they go. */
  onDirtyChange: (isDirty: boolean) => void;
}

/** The form of one scope: which meeting fields show, and the company's information lines in order. */
function InfoShowForm({ entry, roomId, canEdit, onDirtyChange }: InfoShowFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveInfoShow();
  const remove = useDeleteInfoShow();
  const [form] = Form.useForm<InfoValues>();
  const initialValues: InfoValues = { fields: entry.fields, items: entry.items };
  const dirty = useFormDirty(form, { initialValues });
  useEffect(() => {
    onDirtyChange(dirty.isDirty);
    return () => onDirtyChange(false);
  }, [dirty.isDirty, onDirtyChange]);

  const submit = (values: InfoValues) => {
    const items = (values.items ?? []).map((item) => ({ label: item.label.trim(), value: item.value.trim() }));
    save.mutate(
      { ...(entry.id !== null ? { id: entry.id } : {}), roomId, fields: values.fields, items },
      {
        onSuccess: () => {
          dirty.markClean();
          void message.success(t('display-info.info.saved'));
        },
      },
    );
  };

  const reset = () => {
    if (entry.id === null) return;
    remove.mutate(entry.id, { onSuccess: () => void message.success(t('display-info.info.removed')) });
  };

  return (
    <Form<InfoValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={dirty.onValuesChange}
      disabled={!canEdit || save.isPending}
      data-testid="info-form"
    >
      {save.isError ? <Alert className="atrium-form-alert" type="error" showIcon role="alert" title={save.error.message} data-testid="info-save-error" /> : null}
      <Typography.Title level={5}>{t('display-info.info.fieldsTitle')}</Typography.Title>
      <div className="atrium-display-fields">
        {INFO_FIELDS.map((field) => (
          <div key={field} className="atrium-display-field-row">
            <Form.Item name={['fields', field]} valuePropName="checked" noStyle>
              <Switch id={`info-field-${field}`} data-testid={`info-field-${field}`} />
            </Form.Item>
            <label htmlFor={`info-field-${field}`}>{t(`display-info.info.fields.${field}`)}</label>
          </div>
        ))}
      </div>
      <Typography.Title level={5}>{t('display-info.info.itemsTitle')}</Typography.Title>
      <p className="atrium-muted">{t('display-info.info.itemsHint', { max: INFO_ITEM_LIMITS.maxItems })}</p>
      <Form.List name="items">
        {(rows, { add, remove: removeRow, move }) => (
          <div className="atrium-display-items">
            {rows.length === 0 ? <p className="atrium-muted" data-testid="info-items-empty">{t('display-info.info.noItems')}</p> : null}
            {rows.map((row, index) => (
              <div key={row.key} className="atrium-display-item" data-testid={`info-item-${index}`}>
                <Form.Item
                  name={[row.name, 'label']}
                  className="atrium-display-item-label"
                  rules={[
                    { required: true, whitespace: true, message: t('display-info.info.labelRequired') },
                    zodRule(InfoItem.shape.label, t('display-info.info.labelTooLong', { max: INFO_ITEM_LIMITS.labelMax })),
                    {
                      validator: () => {
                        const items = (form.getFieldValue('items') as Partial<InfoItem>[] | undefined) ?? [];
                        const mine = items[index]?.label?.trim().toLocaleLowerCase();
                        const repeated = repeatedLabel(items.slice(0, index + 1));
                        return repeated && repeated.toLocaleLowerCase() === mine
                          ? Promise.reject(new Error(t('display-info.info.labelRepeated')))
                          : Promise.resolve();
                      },
                    },
                  ]}
                >
                  <Input placeholder={t('display-info.info.labelPlaceholder')} maxLength={INFO_ITEM_LIMITS.labelMax} aria-label={t('display-info.info.label')} data-testid={`info-item-label-${index}`} />
                </Form.Item>
                <Form.Item
                  name={[row.name, 'value']}
                  className="atrium-display-item-value"
                  rules={[
                    { required: true, whitespace: true, message: t('display-info.info.valueRequired') },
                    zodRule(InfoItem.shape.value, t('display-info.info.valueTooLong', { max: INFO_ITEM_LIMITS.valueMax })),
                  ]}
                >
                  <Input placeholder={t('display-info.info.valuePlaceholder')} maxLength={INFO_ITEM_LIMITS.valueMax} aria-label={t('display-info.info.value')} data-testid={`info-item-value-${index}`} />
                </Form.Item>
                {canEdit ? (
                  <Space.Compact className="atrium-display-item-actions">
                    <Button icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('display-info.info.moveUp')} data-testid={`info-item-up-${index}`} />
                    <Button icon={<ArrowDownOutlined />} disabled={index === rows.length - 1} onClick={() => move(index, index + 1)} aria-label={t('display-info.info.moveDown')} data-testid={`info-item-down-${index}`} />
                    <Button danger icon={<DeleteOutlined />} onClick={() => removeRow(row.name)} aria-label={t('display-info.info.deleteItem')} data-testid={`info-item-delete-${index}`} />
                  </Space.Compact>
                ) : null}
              </div>
            ))}
            {canEdit ? (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ label: '', value: '' })} disabled={rows.length >= INFO_ITEM_LIMITS.maxItems} data-testid="info-item-add" block>
                {t('display-info.info.addItem')}
              </Button>
            ) : null}
          </div>
        )}
      </Form.List>
      {canEdit ? (
        <Space wrap className="atrium-display-actions">
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid="info-save">
            {t('common.actions.save')}
          </Button>
          {entry.id !== null ? (
            <Popconfirm
              title={roomId === null ? t('display-info.info.restoreConfirm') : t('display-info.info.useDefaultConfirm')}
              onConfirm={reset}
              okText={t('common.actions.ok')}
              cancelText={t('common.actions.cancel')}
            >
              <Button icon={<UndoOutlined />} loading={remove.isPending} data-testid="info-reset">
                {roomId === null ? t('display-info.info.restoreDefaults') : t('display-info.info.useDefault')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ) : null}
    </Form>
  );
}

/**
 * "Information shown": what door displays and room boards show, for the company or one room. Another
 * scope shows another form, so changing the scope asks while this one holds unsaved changes.
 */
export function InfoShowCard({ data, canEdit }: InfoShowCardProps) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<number>(COMPANY_SCOPE);
  const [isDirty, setDirty] = useState(false);
  const { confirmLeave } = useUnsavedChanges(isDirty);
  const ownEntries = new Map(data.rooms.map((entry) => [entry.roomId!, entry]));
  const roomId = scope === COMPANY_SCOPE ? null : scope;
  const own = roomId === null ? data.companyDefault : ownEntries.get(roomId);
  // A room without its own entry starts from the company default's values.
  const entry: InfoShowSetting = own ?? { ...data.companyDefault, id: null, roomId, updatedAt: null };

  return (
    <Card className="atrium-card" title={t('display-info.info.title')} data-testid="info-card">
      <p className="atrium-muted atrium-card-intro">{t('display-info.info.hint')}</p>
      <Form layout="vertical">
        <Form.Item label={t('display-info.info.scope')} htmlFor="info-scope-select">
          <Select
            id="info-scope-select"
            value={scope}
            onChange={(next: number) => confirmLeave(() => setScope(next))}
            data-testid="info-scope"
            showSearch={{ optionFilterProp: 'title' }}
            options={[
              { value: COMPANY_SCOPE, title: t('display-info.info.companyDefault'), label: t('display-info.info.companyDefault') },
              ...data.roomChoices.map((room) => ({
                value: room.id,
                title: room.name,
                label: (
                  <span>
                    {room.name} {ownEntries.has(room.id) ? <Tag color="blue">{t('display-info.info.ownSettings')}</Tag> : null}
                  </span>
                ),
              })),
            ]}
          />
        </Form.Item>
      </Form>
      {roomId !== null && !own ? <Alert className="atrium-form-alert" type="info" showIcon title={t('display-info.info.roomUsesDefault')} data-testid="info-room-default" /> : null}
      <InfoShowForm key={`${scope}-${entry.id ?? 'new'}-${entry.updatedAt ?? 0}`} entry={entry} roomId={roomId} canEdit={canEdit} onDirtyChange={setDirty} />
    </Card>
  );
}
