import EditOutlined from '@ant-design/icons/EditOutlined';
import { PLACE_RECEPTIONISTS_MAX, SetPlaceReceptionistsBody, type PlaceReceptionist, type VisitLocation } from '@atrium/contract';
import { Alert, App, Button, Card, Form, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useColleagueSearch, usePlaceReceptionists, useSavePlaceReceptionists } from '../api/reception-devices.api';
import { placeLabel } from './reception-device-parts';

/** The search waits for a pause in the typing: each search is a request. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A place's receptionists (decision 0018, "Receptionists per place"): colleagues with the reception
 * area who, once given places, read only those places' visits (a building's floors included) and
 * their own; with none here, every receptionist of the company receives this place's visitors.
 */
export function PlaceReceptionistsCard({ place, canEdit }: { place: VisitLocation; canEdit: boolean }) {
  const { t } = useTranslation();
  const receptionists = usePlaceReceptionists(place.id);
  const [isEditing, setEditing] = useState(false);

  let content = null;
  if (receptionists.isError) {
    content = <Alert type="warning" showIcon title={receptionists.error instanceof ApiError ? receptionists.error.message : t('visitor.devices.receptionists.loadFailed')} data-testid="reception-receptionists-failed" />;
  } else if (receptionists.data?.length === 0) {
    content = <Typography.Text data-testid="reception-receptionists-empty">{t('visitor.devices.receptionists.empty')}</Typography.Text>;
  } else if (receptionists.data) {
    content = (
      <ul className="atrium-reception-receptionists" aria-label={t('visitor.devices.receptionists.title')} data-testid="reception-receptionists-list">
        {receptionists.data.map((receptionist) => (
          <li key={receptionist.id}>
            <Tag>{receptionist.fullName}</Tag>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card
      title={t('visitor.devices.receptionists.title')}
      loading={receptionists.isPending}
      extra={
        canEdit && receptionists.data ? (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="reception-receptionists-edit">
            {t('visitor.devices.receptionists.edit')}
          </Button>
        ) : null
      }
      data-testid="reception-receptionists"
    >
      <Typography.Paragraph type="secondary">{t('visitor.devices.receptionists.help')}</Typography.Paragraph>
      {content}
      {isEditing && receptionists.data ? <ReceptionistsModal place={place} current={receptionists.data} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}

interface ReceptionistsForm {
  userIds: number[];
}

/** Chooses a place's receptionists, starting from those it has; the list saved replaces the one kept. */
function ReceptionistsModal({ place, current, onClose }: { place: VisitLocation; current: PlaceReceptionist[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSavePlaceReceptionists();
  const [form] = Form.useForm<ReceptionistsForm>();
  const initialValues: ReceptionistsForm = { userIds: current.map((receptionist) => receptionist.id) };
  const dirty = useFormDirty(form, { initialValues });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);

  async function submit() {
    let values: ReceptionistsForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form says what is wrong.
    }
    try {
      const answer = await save.mutateAsync({ locationId: place.id, userIds: values.userIds });
      dirty.markClean();
      void message.success(answer.message);
      onClose();
    } catch (error) {
      // A colleague whose role lacks the reception area, or one no longer in the company: the server names them.
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  return (
    <Modal
      open
      title={t('visitor.devices.receptionists.editTitle', { place: placeLabel(place) })}
      okText={t('visitor.devices.save')}
      cancelText={t('visitor.devices.cancel')}
      okButtonProps={{ 'data-testid': 'reception-receptionists-save' } as Record<string, string>}
      cancelButtonProps={{ 'data-testid': 'reception-receptionists-cancel' } as Record<string, string>}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={() => confirmLeave(onClose)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onValuesChange={dirty.onValuesChange} onFinish={() => void submit()}>
        <Form.Item
          name="userIds"
          label={t('visitor.devices.receptionists.colleagues')}
          extra={t('visitor.devices.receptionists.roleHint')}
          rules={[zodRule(SetPlaceReceptionistsBody.shape.userIds, t('visitor.devices.receptionists.max', { max: PLACE_RECEPTIONISTS_MAX }))]}
        >
          <ColleaguesSelect current={current} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ColleaguesSelectProps {
  /** The receptionists the place has: their names before any search. */
  current: PlaceReceptionist[];
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}

/** Colleagues by id, found by a few letters of their name, user name or e-mail. */
function ColleaguesSelect({ current, value = [], onChange, id }: ColleaguesSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const typed = search.trim();
  const keyword = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const colleagues = useColleagueSearch(keyword);
  // Names of the colleagues once seen, so a chosen one keeps its name when the search changes.
  const [known, setKnown] = useState<ReadonlyMap<number, string>>(() => new Map(current.map((receptionist) => [receptionist.id, receptionist.fullName])));
  // Only what this search found: the debounced answer may still be the previous search's.
  const found = keyword === typed ? (colleagues.data ?? []) : [];
  const options = found.map((colleague) => ({
    value: colleague.id,
    label: colleague.fullName,
    // Namesakes are told apart by their e-mail address, under the name.
    title: colleague.email ?? undefined,
  }));

  function choose(next: Array<{ value: number }>) {
    const names = new Map(known);
    for (const colleague of colleagues.data ?? []) names.set(colleague.id, colleague.fullName);
    setKnown(names);
    onChange?.(next.map((option) => option.value));
    setSearch('');
  }

  let notFound = null;
  if (typed === '') notFound = <Typography.Text type="secondary">{t('visitor.devices.receptionists.typeToSearch')}</Typography.Text>;
  else if (colleagues.isFetching || keyword !== typed) notFound = <Typography.Text type="secondary">{t('visitor.devices.receptionists.searching')}</Typography.Text>;
  else notFound = <Typography.Text type="secondary">{t('visitor.devices.receptionists.noMatch')}</Typography.Text>;

  return (
    <Select
      id={id}
      mode="multiple"
      labelInValue
      value={value.map((chosen) => ({ value: chosen, label: known.get(chosen) ?? String(chosen) }))}
      options={options}
      optionRender={(option) => (
        <div className="atrium-reception-colleague">
          <span>{option.data.label}</span>
          {option.data.title ? <Typography.Text type="secondary">{option.data.title}</Typography.Text> : null}
        </div>
      )}
      // The server finds; the list shows what it found as it is.
      showSearch={{ searchValue: search, onSearch: setSearch, filterOption: false }}
      onChange={choose}
      notFoundContent={notFound}
      maxCount={PLACE_RECEPTIONISTS_MAX}
      placeholder={t('visitor.devices.receptionists.searchPlaceholder')}
      data-testid="reception-receptionists-picker"
    />
  );
}
