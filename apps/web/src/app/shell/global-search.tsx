import { CalendarOutlined, EnterOutlined, ExportOutlined, HomeOutlined, SearchOutlined } from '@ant-design/icons';
import { SEARCH_FOCUS_DELAY_MS, toZoned, type Lang, type Reservation } from '@atrium/contract';
import { Input, type InputRef } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { calendarDate, shortDayTitle } from '../../shared/i18n/date-titles';
import { useMenuAction } from '../../shared/menu/use-menu-action';
import { useSession } from '../../shared/session/session-context';
import { MenuIcon } from '../../shared/ui/menu-icon';
import { UserAvatar } from '../../shared/ui/user-avatar';
import { useMeetingSearch, usePeopleSearch, useRoomSearch, useSharesForSearch } from './global-search.api';
import { personLink, searchMenu, searchPool, searchSections, type SearchHit, type SearchKind } from './search-model';

export interface GlobalSearchProps {
  onClose: () => void;
}

/** How long typing rests before people, rooms and meetings are asked for. */
const SEARCH_DEBOUNCE_MS = 250;
/** The server's longest keyword for rooms and meetings. */
const KEYWORD_MAX = 100;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Tue, Dec 1 · 10:00–11:00 · Kew", with the room's zone when it is not the viewer's. */
function meetingDetail(meeting: Reservation, lang: Lang): string {
  const zone = meeting.timeZone ?? 'UTC';
  const start = toZoned(meeting.startAt, zone);
  const end = toZoned(meeting.endAt, zone);
  const zoneNote = zone === browserZone() ? '' : ` (${zone})`;
  return `${shortDayTitle(calendarDate(start.date), lang)} · ${start.time}–${end.time}${zoneNote} · ${meeting.roomName}`;
}

/**
 * The search overlay (s s): the user's menu entries at once, then people, rooms and meetings from
 * the server as the typing rests, each kind under its heading. Arrows move through every row,
 * Enter or a click opens one, Escape closes.
 */
export function GlobalSearch({ onClose }: GlobalSearchProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const { user, menuItems, menuPaths } = useSession();
  const openTarget = useMenuAction();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const pool = useMemo(() => searchPool(menuItems, t), [menuItems, t]);
  const pages = useMemo(() => searchMenu(pool, query), [pool, query]);

  const canReserve = menuPaths.includes('/reserve');
  const keyword = useDebouncedValue(query.trim().slice(0, KEYWORD_MAX), SEARCH_DEBOUNCE_MS);
  const people = usePeopleSearch(keyword);
  const rooms = useRoomSearch(keyword, dayjs().format('YYYY-MM-DD'), canReserve);
  const meetings = useMeetingSearch(keyword, canReserve);
  const shares = useSharesForSearch(canReserve && keyword !== '');
  const asked = keyword !== '' && query.trim() !== '';
  const isSearching = asked && (people.isFetching || rooms.isFetching || meetings.isFetching);

  const sections = useMemo(() => {
    const access = {
      myUserId: user.id,
      canOpenCalendar: canReserve,
      canOpenDirectory: menuPaths.includes('/directory'),
      sharedWithMe: new Set((shares.data?.sharedWithMe ?? []).map((entry) => entry.userId)),
    };
    const hits: Partial<Record<SearchKind, SearchHit[]>> = {
      page: pages.map((page) => ({ kind: 'page', key: `page-${page.item.key}`, title: page.title, page })),
    };
    if (asked) {
      hits.person = (people.data?.users ?? []).map((person) => ({
        kind: 'person',
        key: `person-${person.id}`,
        title: person.fullName,
        detail: [person.departmentName, person.email].filter(Boolean).join(' · '),
        to: personLink(person, access),
      }));
      hits.room = (rooms.data?.list ?? []).map((room) => ({
        kind: 'room',
        key: `room-${room.id}`,
        title: room.name,
        detail: [room.locationPath, room.timeZone].filter(Boolean).join(' · '),
        to: `/reserve?room=${room.id}`,
      }));
      hits.meeting = (meetings.data?.list ?? []).map((meeting) => ({
        kind: 'meeting',
        key: `meeting-${meeting.id}`,
        title: meeting.title ?? '',
        detail: meetingDetail(meeting, lang),
        to: `/reserve?meeting=${meeting.id}`,
      }));
    }
    return searchSections(hits);
  }, [pages, asked, people.data, rooms.data, meetings.data, shares.data, user.id, canReserve, menuPaths, lang]);
  const rows = sections.flatMap((section) => section.hits);
  // Where each section's rows start in the one list the arrow keys walk.
  const firstRow = sections.map((_, at) => sections.slice(0, at).reduce((sum, section) => sum + section.hits.length, 0));
  const current = Math.min(active, rows.length - 1);

  useEffect(() => {
    input.current?.focus();
    // The spec's focus delay, as a second chance if an animation or the page took focus back.
    const timer = setTimeout(() => input.current?.focus(), SEARCH_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  useEffect(() => {
    document.getElementById(`atrium-search-result-${current}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const choose = (hit: SearchHit | undefined) => {
    if (!hit) return;
    if (hit.kind === 'page') {
      onClose();
      openTarget(hit.page.item.target);
    } else if (hit.to) {
      onClose();
      void navigate(hit.to);
    }
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (rows.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + rows.length) % rows.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(rows[current]);
    }
  };

  const iconOf = (hit: SearchHit): ReactNode => {
    if (hit.kind === 'page') return <MenuIcon name={hit.page.item.icon} path={hit.page.item.path} />;
    if (hit.kind === 'person') return <UserAvatar name={hit.title} avatar={null} size={30} />;
    return hit.kind === 'room' ? <HomeOutlined /> : <CalendarOutlined />;
  };
  const hintOf = (hit: SearchHit): ReactNode => {
    if (hit.kind === 'page') {
      return hit.page.item.target.kind === 'external' ? (
        <ExportOutlined className="atrium-search-hint" aria-label={t('shell.search.external')} />
      ) : (
        <EnterOutlined className="atrium-search-hint atrium-search-enter" />
      );
    }
    if (hit.to === null) return <span className="atrium-search-hint atrium-search-note">{t('shell.search.notShared')}</span>;
    if (hit.kind === 'person') {
      return <span className="atrium-search-hint atrium-search-note">{t(hit.to.startsWith('/directory') ? 'shell.search.inDirectory' : 'shell.search.calendar')}</span>;
    }
    return <EnterOutlined className="atrium-search-hint atrium-search-enter" />;
  };

  return createPortal(
    <div
      className="atrium-search-overlay"
      data-testid="search-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={t('shell.header.search')}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="atrium-search-panel">
        <Input
          ref={input}
          size="large"
          variant="borderless"
          prefix={<SearchOutlined />}
          placeholder={t('shell.search.placeholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onInputKeyDown}
          maxLength={254}
          role="combobox"
          aria-expanded={rows.length > 0}
          aria-controls="atrium-search-results"
          aria-activedescendant={current >= 0 ? `atrium-search-result-${current}` : undefined}
          data-testid="search-input"
        />
        {rows.length > 0 ? (
          <div className="atrium-search-results" id="atrium-search-results" role="listbox" aria-busy={isSearching}>
            {sections.map((section, sectionAt) => (
              <ul key={section.kind} role="group" aria-labelledby={`atrium-search-group-${section.kind}`}>
                <li role="presentation" id={`atrium-search-group-${section.kind}`} className="atrium-search-group" data-testid="search-group">
                  {t(`shell.search.groups.${section.kind}`)}
                </li>
                {section.hits.map((hit, hitAt) => {
                  const at = firstRow[sectionAt]! + hitAt;
                  return (
                    <li
                      key={hit.key}
                      id={`atrium-search-result-${at}`}
                      role="option"
                      aria-selected={at === current}
                      aria-disabled={hit.kind !== 'page' && hit.to === null ? true : undefined}
                      className={[at === current ? 'is-active' : '', hit.kind !== 'page' && hit.to === null ? 'is-closed' : ''].filter(Boolean).join(' ') || undefined}
                      data-testid="search-result"
                      data-kind={hit.kind}
                      onMouseMove={() => at !== current && setActive(at)}
                      onClick={() => choose(hit)}
                    >
                      <span className="atrium-search-icon">{iconOf(hit)}</span>
                      <span className="atrium-search-text">
                        <span className="atrium-search-title" title={hit.title}>
                          {hit.title}
                        </span>
                        {hit.kind !== 'page' && hit.detail ? (
                          <span className="atrium-search-detail" title={hit.detail}>
                            {hit.detail}
                          </span>
                        ) : null}
                      </span>
                      {hintOf(hit)}
                    </li>
                  );
                })}
              </ul>
            ))}
          </div>
        ) : (
          <div className="atrium-search-empty">{isSearching || (query.trim() !== '' && keyword !== query.trim().slice(0, KEYWORD_MAX)) ? t('shell.search.searching') : t('shell.search.empty')}</div>
        )}
        <footer className="atrium-search-footer">
          <span>
            <kbd>↑</kbd>
            <kbd>↓</kbd> {t('shell.search.move')}
          </span>
          <span>
            <kbd>↵</kbd> {t('shell.search.open')}
          </span>
          <span>
            <kbd>esc</kbd> {t('shell.search.close')}
          </span>
          {isSearching ? <span className="atrium-search-busy">{t('shell.search.searching')}</span> : null}
        </footer>
      </div>
    </div>,
    document.body,
  );
}
