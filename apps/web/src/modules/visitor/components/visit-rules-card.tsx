import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_VISIT_RULE, VISIT_ANSWERS, VISIT_NDA_TEXT_MAX, VISIT_QUESTION_MAX, VISIT_QUESTIONS_MAX, VisitRuleBody, type VisitQuestion, type VisitRule } from '@atrium/contract';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Spin, Switch, Tag, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useFormDirty } from '../../../shared/forms/form-dirty';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { EmptyState, tableEmpty } from '../../../shared/ui/empty-state';
import { useDeleteVisitRule, useSaveVisitRule, useVisitLocations, useVisitReasons, useVisitRules } from '../api/visitor.api';
import { placeLabel } from './reception-device-parts';
import './visit-rules-card.css';

/** The reason field's value for every reason: a Select's option holds no null. */
const ALL_REASONS = 'all';

interface RuleForm {
  locationId?: number;
  reason: number | typeof ALL_REASONS;
  walkIns: boolean;
  approval: boolean;
  /** Whether visitors sign the agreement: its text is asked for, and sent, only then. */
  hasNda: boolean;
  ndaText: string;
  photo: boolean;
  questions: VisitQuestion[];
}

/** A new question: its text to write, answered yes to let the visitor in. */
const NEW_QUESTION: VisitQuestion = { text: '', admitWhen: 'yes' };

/** A column of the table, and a line of a rule's card on a phone. */
interface RuleField {
  key: string;
  label: string;
  value: (rule: VisitRule) => ReactNode;
}

/** What a rule asks of every visitor before check-in, as tags: the agreement, the photo, how many questions. */
function RuleSteps({ rule }: { rule: VisitRule }) {
  const { t } = useTranslation();
  const tags = [
    rule.ndaText !== null ? t('visitor.visitRules.ndaTag') : null,
    rule.photo ? t('visitor.visitRules.photoTag') : null,
    rule.questions.length > 0 ? t('visitor.visitRules.questionsTag', { count: rule.questions.length }) : null,
  ].filter((tag): tag is string => tag !== null);
  if (tags.length === 0) {
    return (
      <span className="atrium-muted" title={t('visitor.visitRules.nothingAsked')}>
        —
      </span>
    );
  }
  return (
    <Space size={4} wrap>
      {tags.map((tag) => (
        <Tag key={tag} color="blue">
          {tag}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * The visitor settings' Rule setting tab: what each place asks of walk-ins, per visit reason or for
 * all of them (decision 0018, "Visit rules"), and what it asks of every visitor before check-in.
 * Everyone on the settings page reads the rules (visitor display view); visitor display edit changes
 * them. A table on a wide screen, a card per rule on a phone.
 */
export function VisitRulesCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isPhone = useMediaQuery('(max-width: 640px)');
  const rules = useVisitRules();
  const remove = useDeleteVisitRule();
  const [editing, setEditing] = useState<VisitRule | 'new' | null>(null);
  const list = rules.data ?? [];
  const empty = t('visitor.visitRules.empty');

  // A null reason is every reason; the dash stands for one the server could not name.
  const reasonName = (rule: VisitRule) => (rule.reasonId === null ? t('visitor.visitRules.allReasons') : (rule.reason ?? '—'));

  async function deleteRule(rule: VisitRule) {
    try {
      const answer = await remove.mutateAsync({ id: rule.id });
      void message.success(answer.message);
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  const fields: RuleField[] = [
    { key: 'reason', label: t('visitor.visitRules.reason'), value: reasonName },
    {
      key: 'walkIns',
      label: t('visitor.visitRules.walkIns'),
      value: (rule) => <Tag color={rule.walkIns ? 'green' : 'red'}>{t(rule.walkIns ? 'visitor.visitRules.received' : 'visitor.visitRules.notReceived')}</Tag>,
    },
    {
      key: 'approval',
      label: t('visitor.visitRules.approval'),
      // A place that receives no walk-ins has none to approve, whatever the rule keeps.
      value: (rule) =>
        rule.walkIns ? (
          t(rule.approval ? 'visitor.visitRules.required' : 'visitor.visitRules.notRequired')
        ) : (
          <span className="atrium-muted" title={t('visitor.visitRules.approvalUnused')}>
            —
          </span>
        ),
    },
    { key: 'steps', label: t('visitor.visitRules.steps'), value: (rule) => <RuleSteps rule={rule} /> },
  ];

  const rowActions = (rule: VisitRule) =>
    canEdit ? (
      <Space size="small" wrap>
        <Button size="small" onClick={() => setEditing(rule)} data-testid={`visit-rule-edit-${rule.id}`}>
          {t('visitor.visitRules.edit')}
        </Button>
        <Popconfirm
          title={t('visitor.visitRules.deleteConfirm', { place: placeLabel(rule.location), reason: reasonName(rule) })}
          description={t('visitor.visitRules.deleteHint')}
          okText={t('visitor.visitRules.delete')}
          cancelText={t('visitor.settings.keep')}
          okButtonProps={{ danger: true, 'data-testid': 'visit-rule-delete-confirm' } as ButtonProps}
          onConfirm={() => deleteRule(rule)}
        >
          <Button size="small" danger data-testid={`visit-rule-delete-${rule.id}`}>
            {t('visitor.visitRules.delete')}
          </Button>
        </Popconfirm>
      </Space>
    ) : null;

  const columns: ColumnsType<VisitRule> = [
    { key: 'place', title: t('visitor.visitRules.place'), render: (_, rule) => <TruncatedText text={placeLabel(rule.location)} isStrong /> },
    ...fields.map((field) => ({ key: field.key, title: field.label, render: (_: unknown, rule: VisitRule) => field.value(rule) })),
    ...(canEdit ? [{ key: 'actions', title: t('visitor.fields.actions'), render: (_: unknown, rule: VisitRule) => rowActions(rule) }] : []),
  ];

  return (
    <Card
      title={t('visitor.visitRules.title')}
      extra={
        canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="visit-rule-add">
            {t('visitor.visitRules.add')}
          </Button>
        ) : null
      }
      data-testid="visit-rules"
    >
      <Typography.Paragraph type="secondary">{t('visitor.visitRules.help')}</Typography.Paragraph>
      {isPhone ? (
        <Spin spinning={rules.isFetching}>
          <div className="atrium-visit-rule-cards" data-testid="visit-rule-table">
            {list.length === 0 ? <EmptyState isCompact description={empty} /> : null}
            {list.map((rule) => (
              <Card key={rule.id} size="small" title={<TruncatedText text={placeLabel(rule.location)} isStrong />} data-testid={`visit-rule-row-${rule.id}`}>
                <dl className="atrium-visit-rule-facts">
                  {fields.map((field) => (
                    <div key={field.key}>
                      <dt>{field.label}</dt>
                      <dd>{field.value(rule)}</dd>
                    </div>
                  ))}
                </dl>
                {rowActions(rule)}
              </Card>
            ))}
          </div>
        </Spin>
      ) : (
        <DataTable<VisitRule>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={rules.isFetching}
          pagination={false}
          onRow={(rule) => ({ 'data-testid': `visit-rule-row-${rule.id}` }) as object}
          locale={tableEmpty(empty)}
          data-testid="visit-rule-table"
        />
      )}
      {editing ? <RuleDialog rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

/**
 * Adds a rule, or changes what one decides. A rule is its place's for its reason: both stay as they
 * are when changing it, and saving a place and reason that have a rule replaces that rule (the server's).
 */
function RuleDialog({ rule, onClose }: { rule: VisitRule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const [form] = Form.useForm<RuleForm>();
  const locations = useVisitLocations();
  const reasons = useVisitReasons();
  const save = useSaveVisitRule();
  const initialValues: RuleForm = rule
    ? {
        locationId: rule.locationId,
        reason: rule.reasonId ?? ALL_REASONS,
        walkIns: rule.walkIns,
        approval: rule.approval,
        hasNda: rule.ndaText !== null,
        ndaText: rule.ndaText ?? '',
        photo: rule.photo,
        questions: rule.questions.map((question) => ({ ...question })),
      }
    : {
        reason: ALL_REASONS,
        walkIns: DEFAULT_VISIT_RULE.walkIns,
        approval: DEFAULT_VISIT_RULE.approval,
        hasNda: DEFAULT_VISIT_RULE.ndaText !== null,
        ndaText: '',
        photo: DEFAULT_VISIT_RULE.photo,
        questions: [],
      };
  const dirty = useFormDirty(form, { initialValues });
  const { confirmLeave } = useUnsavedChanges(dirty.isDirty);
  const walkIns = (Form.useWatch('walkIns', form) as boolean | undefined) ?? initialValues.walkIns;
  const hasNda = (Form.useWatch('hasNda', form) as boolean | undefined) ?? initialValues.hasNda;

  const placeOptions = (locations.data ?? []).map((place) => ({ value: place.id, label: placeLabel(place) }));
  const reasonOptions: Array<{ value: RuleForm['reason']; label: string }> = [
    { value: ALL_REASONS, label: t('visitor.visitRules.allReasons') },
    ...(reasons.data ?? []).map((reason) => ({ value: reason.id, label: reason.name })),
  ];
  // The rule being changed names its place and reason even before (or without) the lists that hold them.
  if (rule && !placeOptions.some((option) => option.value === rule.locationId)) placeOptions.push({ value: rule.locationId, label: placeLabel(rule.location) });
  if (rule && rule.reasonId !== null && !reasonOptions.some((option) => option.value === rule.reasonId)) reasonOptions.push({ value: rule.reasonId, label: rule.reason ?? '—' });

  async function submit(values: RuleForm) {
    const body: VisitRuleBody = {
      locationId: values.locationId!,
      reasonId: values.reason === ALL_REASONS ? null : values.reason,
      walkIns: values.walkIns,
      approval: values.approval,
      // Switched off, the agreement is none, whatever text the field still holds.
      ndaText: values.hasNda ? values.ndaText : null,
      photo: values.photo,
      questions: values.questions ?? [],
    };
    try {
      const answer = await save.mutateAsync(body);
      dirty.markClean();
      void message.success(answer.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  return (
    <Modal
      open
      title={t(rule ? 'visitor.visitRules.editTitle' : 'visitor.visitRules.addTitle')}
      width={phone ? '100%' : 640}
      okText={t('visitor.settings.save')}
      cancelText={t('visitor.settings.cancel')}
      onOk={() => form.submit()}
      onCancel={() => confirmLeave(onClose)}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'visit-rule-save' } as ButtonProps}
    >
      <Form<RuleForm> form={form} layout="vertical" requiredMark initialValues={initialValues} onValuesChange={dirty.onValuesChange} onFinish={(values) => void submit(values)}>
        <Form.Item name="locationId" label={t('visitor.visitRules.place')} required rules={[zodRule(VisitRuleBody.shape.locationId, t('visitor.visitRules.placeRequired'))]}>
          <Select
            options={placeOptions}
            loading={locations.isPending}
            disabled={rule !== null}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('visitor.visitRules.placePlaceholder')}
            data-testid="visit-rule-place"
          />
        </Form.Item>
        <Form.Item name="reason" label={t('visitor.visitRules.reason')} extra={t('visitor.visitRules.reasonHelp')} rules={[{ required: true, message: t('visitor.visitRules.reasonRequired') }]}>
          <Select options={reasonOptions} loading={reasons.isPending} disabled={rule !== null} showSearch={{ optionFilterProp: 'label' }} data-testid="visit-rule-reason" />
        </Form.Item>
        <Form.Item name="walkIns" label={t('visitor.visitRules.walkIns')} extra={t('visitor.visitRules.walkInsHelp')} valuePropName="checked">
          <Switch checkedChildren={t('visitor.visitRules.received')} unCheckedChildren={t('visitor.visitRules.notReceived')} data-testid="visit-rule-walk-ins" />
        </Form.Item>
        <Form.Item
          name="approval"
          label={t('visitor.visitRules.approval')}
          extra={t(walkIns ? 'visitor.visitRules.approvalHelp' : 'visitor.visitRules.approvalUnused')}
          valuePropName="checked"
        >
          <Switch disabled={!walkIns} checkedChildren={t('visitor.visitRules.required')} unCheckedChildren={t('visitor.visitRules.notRequiredShort')} data-testid="visit-rule-approval" />
        </Form.Item>
        <RuleStepFields hasNda={hasNda} />
      </Form>
    </Modal>
  );
}

/**
 * The rule form's "Before check-in": what every visitor of the place and reason does first, invited
 * or walk-in (decision 0018, "What a visitor does before check-in"): sign the agreement, give a
 * photo, answer yes-or-no questions, each with the answer that lets them in by themselves.
 */
function RuleStepFields({ hasNda }: { hasNda: boolean }) {
  const { t } = useTranslation();
  const answerOptions = VISIT_ANSWERS.map((value) => ({ value, label: t(`visitor.visitRules.${value}`) }));
  return (
    <>
      <Typography.Title level={5}>{t('visitor.visitRules.steps')}</Typography.Title>
      <p className="atrium-muted">{t('visitor.visitRules.stepsHelp')}</p>
      <Form.Item name="hasNda" label={t('visitor.visitRules.nda')} valuePropName="checked">
        <Switch data-testid="visit-rule-nda" />
      </Form.Item>
      {hasNda ? (
        <Form.Item
          name="ndaText"
          label={t('visitor.visitRules.ndaText')}
          extra={t('visitor.visitRules.ndaTextHelp')}
          required
          rules={[{ required: true, whitespace: true, message: t('visitor.visitRules.ndaTextRequired') }]}
        >
          <Input.TextArea rows={6} maxLength={VISIT_NDA_TEXT_MAX} showCount data-testid="visit-rule-nda-text" />
        </Form.Item>
      ) : null}
      <Form.Item name="photo" label={t('visitor.visitRules.photo')} extra={t('visitor.visitRules.photoHelp')} valuePropName="checked">
        <Switch data-testid="visit-rule-photo" />
      </Form.Item>
      <Form.List name="questions">
        {(rows, { add, remove }) => (
          <fieldset className="atrium-visit-rule-questions" data-testid="visit-rule-questions">
            <legend>{t('visitor.visitRules.questions')}</legend>
            <p className="atrium-muted">{t('visitor.visitRules.questionsHelp', { max: VISIT_QUESTIONS_MAX })}</p>
            {rows.map((row, index) => (
              <div key={row.key} className="atrium-visit-rule-question" data-testid={`visit-rule-question-${index}`}>
                <Form.Item
                  name={[row.name, 'text']}
                  className="atrium-visit-rule-question-text"
                  rules={[{ required: true, whitespace: true, message: t('visitor.visitRules.questionRequired') }]}
                >
                  <Input
                    maxLength={VISIT_QUESTION_MAX}
                    placeholder={t('visitor.visitRules.questionPlaceholder')}
                    aria-label={t('visitor.visitRules.question', { n: index + 1 })}
                    data-testid={`visit-rule-question-text-${index}`}
                  />
                </Form.Item>
                <div className="atrium-visit-rule-question-admit">
                  <span className="atrium-muted">{t('visitor.visitRules.admitWhen')}</span>
                  <Form.Item name={[row.name, 'admitWhen']} noStyle>
                    <Select
                      options={answerOptions}
                      aria-label={t('visitor.visitRules.admitWhen')}
                      className="atrium-visit-rule-question-answer"
                      data-testid={`visit-rule-question-admit-${index}`}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<MinusCircleOutlined />}
                    onClick={() => remove(row.name)}
                    aria-label={t('visitor.visitRules.removeQuestion', { n: index + 1 })}
                    data-testid={`visit-rule-question-remove-${index}`}
                  />
                </div>
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ...NEW_QUESTION })} disabled={rows.length >= VISIT_QUESTIONS_MAX} data-testid="visit-rule-question-add" block>
              {t('visitor.visitRules.addQuestion')}
            </Button>
          </fieldset>
        )}
      </Form.List>
    </>
  );
}
