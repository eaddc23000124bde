import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONSOLE_EVENTS, NOTICE_EVENTS, NOTICE_FOOTER_MAX, NOTICE_TIMES, NoticeConfig, NoticeConfigQueryBody, NoticeConfigResult, REMINDER_CHOICES, type NoticeConfig as NoticeConfigType } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { NoticeConfigService } from './notice-config.service.js';

const TAGS = ['config'];

/** The company's booking notification configuration (spec 001 section 7, config/notice), area `messages`. */
export function noticeConfigRoutes({ noticeConfig }: { noticeConfig: NoticeConfigService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/config/notice/query',
      {
        config: { access: 'permission', permission: 'messages:view' },
        schema: {
          tags: TAGS,
          summary: "The company's booking notification configuration (the defaults while never saved; updatedAt null then)",
          body: NoticeConfigQueryBody,
          response: envelopeResponses(NoticeConfigResult),
        },
      },
      async (request) => success(request, await noticeConfig.get(requireAuth(request).companyId)),
    );

    app.post(
      '/config/notice/update',
      {
        config: { access: 'permission', permission: 'messages:edit' },
        schema: {
          tags: TAGS,
          summary: 'Replace the booking notification configuration',
          description: `Body, every field required: events { ${NOTICE_EVENTS.join(', ')} } mail switches; consoleEvents { ${CONSOLE_EVENTS.join(', ')} } in-console switches; noticeMinutes, one of ${NOTICE_TIMES.join(', ')} (0: at the event); reminderMinutes, one of ${REMINDER_CHOICES.join(', ')}; notifyParticipants; footer (max ${NOTICE_FOOTER_MAX} characters, may be empty).`,
          body: NoticeConfig,
          response: envelopeResponses(NoticeConfigResult),
        },
      },
      async (request) => success(request, await noticeConfig.update(actorOf(request), request.body as NoticeConfigType), 'noticeConfigSaved'),
    );
  };
}
