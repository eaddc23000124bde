import { addDays, type BookDeskBody, type BookDeskSeriesBody, type DeskBooking, type DeskSeriesResult } from '@atrium/contract';
import { AppError } from '../../platform/errors.js';

/**
 * A weekly desk series (decision 0019, "Desk series"): the same desk, part and hours on the date and on the
 * same weekday of the following weeks, each occurrence booked through the one book path (`book`: the engine,
 * the rules, the per-person lock), one after the other. An occurrence refused (taken, too far ahead, a rule)
 * answers its reason (`describe`) and the others are still booked: people keep the weeks they could get.
 */
export async function bookDeskSeries(book: (body: BookDeskBody) => Promise<DeskBooking>, body: BookDeskSeriesBody, describe: (error: AppError) => string): Promise<DeskSeriesResult> {
  const { weeks, ...first } = body;
  const results: DeskSeriesResult = [];
  for (let week = 0; week < weeks; week++) {
    const date = addDays(body.date, 7 * week);
    try {
      results.push({ date, booking: await book({ ...first, date }), refusal: null });
    } catch (error) {
      // An unknown desk (or another company's) is unknown in every week: 404 for the whole series.
      if (!(error instanceof AppError) || error.statusCode === 404 || error.statusCode >= 500) throw error;
      results.push({ date, booking: null, refusal: describe(error) });
    }
  }
  return results;
}
