import type { WalkInHost } from '@atrium/contract';
import { Button, Input, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useWalkInHosts, type HostFinder } from '../api/walk-in.api';

/** The search waits for a pause in the typing: a touch keyboard is slow, and each search is a request. */
const SEARCH_DEBOUNCE_MS = 300;

export interface WalkInHostPickerProps {
  finder: HostFinder;
  /** The chosen host: the control's value in an antd form. */
  value?: WalkInHost | null;
  onChange?: (host: WalkInHost | null) => void;
  /** The search field's id, which the form item's label points at. */
  id?: string;
}

/**
 * A walk-in's host: a few letters of the name, then one of the (at most five) names found, each a
 * row large enough for a finger; once chosen, the name and a way to change it. The server answers
 * names only: a public page is no company directory.
 */
export function WalkInHostPicker({ finder, value, onChange, id }: WalkInHostPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [isChanging, setChanging] = useState(false);
  const keyword = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const hosts = useWalkInHosts(finder, keyword);

  if (value) {
    return (
      <div className="walk-in-host-chosen" data-testid="walk-in-host-chosen">
        {/* An output: the form item's label names the chosen host as it named the search. */}
        <output id={id} className="walk-in-host-name">
          {value.fullName}
        </output>
        <Button
          onClick={() => {
            setChanging(true);
            onChange?.(null);
          }}
        >
          {t('visitor.register.hostChange')}
        </Button>
      </div>
    );
  }

  // A keyword too short is never asked: its query holds no answer, and nothing shows below the field.
  let results = null;
  if (hosts.isError) results = <p className="walk-in-host-note">{t('visitor.register.hostFailed')}</p>;
  else if (hosts.data?.length === 0) results = <p className="walk-in-host-note">{t('visitor.register.hostNone')}</p>;
  else if (hosts.data) {
    results = (
      <ul className="walk-in-hosts" aria-label={t('visitor.register.hostResults')}>
        {hosts.data.map((host) => (
          <li key={host.id}>
            <button type="button" className="walk-in-host" onClick={() => onChange?.(host)}>
              {host.fullName}
            </button>
          </li>
        ))}
      </ul>
    );
  } else if (hosts.isFetching) results = <Spin className="walk-in-host-note" />;

  return (
    <div className="walk-in-host-picker">
      <Input
        id={id}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('visitor.register.hostSearch')}
        autoComplete="off"
        autoFocus={isChanging}
        allowClear
        data-testid="walk-in-host-search"
      />
      <div aria-live="polite">{results}</div>
    </div>
  );
}
