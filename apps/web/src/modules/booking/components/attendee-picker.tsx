import type { Colleague, Reservation } from '@atrium/contract';
import { Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useColleagues } from '../api/booking.api';
import { EMAIL } from '../model/booking-form';

export interface AttendeePickerProps {
  /** Colleagues as `user:<id>`, guests as their e-mail address. */
  value: string[];
  onChange: (value: string[]) => void;
  /** The meeting being changed: its attendees' names before any search. */
  editing: Reservation | null;
  disabled?: boolean;
}

/** Addresses typed or pasted at once ("a@x.org, b@y.org"). */
const SEPARATORS = /[\s,;，；]+/;

/**
 * Attendees: colleagues found by name or e-mail, and outside guests by their e-mail address. Enter
 * adds the highlighted colleague (the first found is highlighted); typed text becomes a guest only
 * when it is an e-mail address, offered as its own option; anything else says how to invite a guest.
 */
export function AttendeePicker({ value, onChange, editing, disabled }: AttendeePickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const people = useColleagues(keyword);
  // Names of the colleagues once seen, so a chosen one keeps its name when the search changes.
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(
    () => new Map((editing?.participants ?? []).filter((p) => p.userId !== null).map((p) => [`user:${p.userId}`, p.name ?? String(p.userId)])),
  );
  const typed = search.trim();
  const guest = EMAIL.test(typed) && !value.includes(typed.toLowerCase()) ? typed.toLowerCase() : null;
  const label = (colleague: Colleague) => (colleague.email ? `${colleague.fullName} <${colleague.email}>` : colleague.fullName);

  const options = useMemo(() => {
    // Only what this search found (the debounced list may still be the previous one's), not those chosen already.
    const found = keyword === typed ? (people.data ?? []) : [];
    const list = found.filter((colleague) => !value.includes(`user:${colleague.id}`)).map((colleague) => ({ value: `user:${colleague.id}`, label: label(colleague) }));
    if (guest) list.push({ value: guest, label: t('booking.attendees.guest', { email: guest }) });
    return list;
  }, [people.data, keyword, typed, guest, value, t]);

  function choose(next: Array<{ value: string }>) {
    const names = new Map(known);
    for (const colleague of people.data ?? []) names.set(`user:${colleague.id}`, colleague.fullName);
    setKnown(names);
    onChange(next.map((option) => option.value));
    setSearch('');
  }

  function onSearch(text: string) {
    const parts = text.split(SEPARATORS).filter(Boolean);
    // Several addresses pasted at once become guests together.
    if (parts.length > 1 && parts.every((part) => EMAIL.test(part))) {
      onChange([...new Set([...value, ...parts.map((part) => part.toLowerCase())])]);
      setSearch('');
      return;
    }
    setSearch(text);
  }

  const notFound =
    typed === '' ? null : people.isFetching || keyword !== typed ? (
      <Typography.Text type="secondary">{t('booking.attendees.searching')}</Typography.Text>
    ) : (
      <Typography.Text type="secondary" data-testid="reserve-attendee-not-email">
        {t('booking.attendees.notEmail')}
      </Typography.Text>
    );

  return (
    <Select
      mode="multiple"
      labelInValue
      // A colleague's tag shows the name, a guest's the address.
      value={value.map((chosen) => ({ value: chosen, label: known.get(chosen) ?? chosen }))}
      options={options}
      searchValue={search}
      onSearch={onSearch}
      filterOption={false}
      defaultActiveFirstOption
      onChange={choose}
      notFoundContent={notFound}
      placeholder={t('booking.form.participantsPlaceholder')}
      disabled={disabled}
      data-testid="reserve-participants"
    />
  );
}
