import type { MailOutboxDetails, MailOutboxItem, MailOutboxQuery, Page } from '@atrium/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/** `GET /mail/outbox`: newest first, optionally one recipient. */
export function useOutbox(query: Partial<MailOutboxQuery>) {
  return useQuery({
    queryKey: ['mail', 'outbox', query],
    queryFn: ({ signal }) => api.get<Page<MailOutboxItem>>('/mail/outbox', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /mail/outbox/details`: one mail with its parts; off while no mail is chosen. */
export function useOutboxMail(id: number | null) {
  return useQuery({
    queryKey: ['mail', 'outbox', 'details', id],
    queryFn: ({ signal }) => api.get<MailOutboxDetails>('/mail/outbox/details', { query: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}
