/** Calendar arithmetic in UTC only, so results never depend on the machine's time zone. */

export interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export interface TimeParts {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** The fraction-of-second digits as written ("5", "250", "123456"), "" when none. */
  readonly fraction: string;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, "0");

export function isValidDate({ year, month, day }: DateParts): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isValidTime({ hour, minute, second }: TimeParts): boolean {
  return hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59;
}

/** "2024-03-15". */
export function formatDate({ year, month, day }: DateParts): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** "10:00:00" or "10:00:00.25": trailing zeros of the fraction dropped, digits beyond ms kept. */
function formatTime({ hour, minute, second, fraction }: TimeParts): string {
  const digits = fraction.replace(/0+$/, "");
  return `${pad(hour)}:${pad(minute)}:${pad(second)}${digits ? `.${digits}` : ""}`;
}

/** A date-time without a zone stays one: "2024-03-15T10:00:00" (the zone is unknown, so none is invented). */
export function formatLocalDateTime(date: DateParts, time: TimeParts): string {
  return `${formatDate(date)}T${formatTime(time)}`;
}

/** The UTC form "2024-03-15T08:00:00Z" of a date-time at `offsetMinutes` east of UTC; undefined out of range. */
export function formatUtcDateTime(
  date: DateParts,
  time: TimeParts,
  offsetMinutes: number,
): string | undefined {
  const instant = new Date(0);
  instant.setUTCFullYear(date.year, date.month - 1, date.day);
  instant.setUTCHours(time.hour, time.minute - offsetMinutes, time.second, 0);
  const shifted = {
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
  };
  if (!isValidDate(shifted)) return undefined;
  const shiftedTime = {
    hour: instant.getUTCHours(),
    minute: instant.getUTCMinutes(),
    second: instant.getUTCSeconds(),
    fraction: time.fraction,
  };
  return `${formatDate(shifted)}T${formatTime(shiftedTime)}Z`;
}

/** The UTC form of an epoch in milliseconds, with milliseconds only when non-zero. */
export function formatEpochMilliseconds(milliseconds: number): string {
  const iso = new Date(milliseconds).toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}
