import { EnterOutlined, ExportOutlined, SearchOutlined } from '@ant-design/icons';
import { SEARCH_FOCUS_DELAY_MS } from '@atrium/contract';
import { Input, type InputRef } from 'antd';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useMenuAction } from '../../shared/menu/use-menu-action';
import { useSession } from '../../shared/session/session-context';
import { MenuIcon } from '../../shared/ui/menu-icon';
import { searchMenu, searchPool, type SearchResult } from './search-model';

export interface GlobalSearchProps {
  onClose: () => void;
}

/** The search overlay over the user's menu; arrows and Enter or a click open an entry, Escape closes. */
export function GlobalSearch({ onClose }: GlobalSearchProps) {
  const { t } = useTranslation();
  const { menuItems } = useSession();
  const openTarget = useMenuAction();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const pool = useMemo(() => searchPool(menuItems, t), [menuItems, t]);
  const results = useMemo(() => searchMenu(pool, query), [pool, query]);
  const current = Math.min(active, results.length - 1);

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

  const choose = (result: SearchResult | undefined) => {
    if (!result) return;
    onClose();
    openTarget(result.item.target);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[current]);
    }
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
          aria-expanded={results.length > 0}
          aria-controls="atrium-search-results"
          aria-activedescendant={current >= 0 ? `atrium-search-result-${current}` : undefined}
          data-testid="search-input"
        />
        {results.length > 0 ? (
          <ul className="atrium-search-results" id="atrium-search-results" role="listbox">
            {results.map((result, index) => (
              <li
                key={result.item.key}
                id={`atrium-search-result-${index}`}
                role="option"
                aria-selected={index === current}
                className={index === current ? 'is-active' : undefined}
                data-testid="search-result"
                onMouseMove={() => index !== current && setActive(index)}
                onClick={() => choose(result)}
              >
                <span className="atrium-search-icon">
                  <MenuIcon name={result.item.icon} path={result.item.path} />
                </span>
                <span className="atrium-search-title">{result.title}</span>
                {result.item.target.kind === 'external' ? (
                  <ExportOutlined className="atrium-search-hint" aria-label={t('shell.search.external')} />
                ) : (
                  <EnterOutlined className="atrium-search-hint atrium-search-enter" />
                )}
              </li>
            ))}
          </ul>
        ) : (
          <div className="atrium-search-empty">{t('shell.search.empty')}</div>
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
        </footer>
      </div>
    </div>,
    document.body,
  );
}
