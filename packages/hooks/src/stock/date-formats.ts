import {
  type DateParts,
  formatDate,
  formatLocalDateTime,
  formatUtcDateTime,
  isValidDate,
  isValidTime,
  type TimeParts,
} from "./calendar.js";

/** How an all-numeric date such as "03/04/2024" reads. */
export type NumericDateOrder = "month-first" | "day-first";

/** Longer strings are never dates; the cut also keeps every pattern below cheap on hostile input. */
const MAX_DATE_LENGTH = 64;

const MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const WEEKDAY =
  "(?:(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\\.?,?\\s+)?";
/** hour, minute, second?, fraction?, am/pm?, zone? — the same six groups at the end of every pattern. */
const TIME =
  "(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?(?:\\s?([ap])\\.?m\\.?)?(?:\\s?(z|utc|gmt|[+-]\\d{2}(?::?\\d{2})?))?";
const ORDINAL = "(?:st|nd|rd|th)?";

type Groups = readonly (string | undefined)[];

/** Each pattern maps its match to [year, month, day] groups; the time groups follow at `timeAt`. */
const PATTERNS: readonly {
  readonly pattern: RegExp;
  readonly date: (groups: Groups, order: NumericDateOrder) => DateParts;
  readonly timeAt: number;
}[] = [
  {
    // 2024-03-15, 2024-03-15T10:00:00Z, 2024-03-15 10:00:00.250+02:00
    pattern: new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})(?:[t ]${TIME})?$`, "i"),
    date: (groups) => parts(groups[1], groups[2], groups[3]),
    timeAt: 4,
  },
  {
    // 2024/03/15
    pattern: new RegExp(`^(\\d{4})/(\\d{1,2})/(\\d{1,2})(?: ${TIME})?$`, "i"),
    date: (groups) => parts(groups[1], groups[2], groups[3]),
    timeAt: 4,
  },
  {
    // 03/15/2024, 15.03.2024, 3-15-2024 10:30 PM (the separator must repeat)
    pattern: new RegExp(`^(\\d{1,2})([/.-])(\\d{1,2})\\2(\\d{4})(?:,? ${TIME})?$`, "i"),
    date: (groups, order) =>
      order === "month-first"
        ? parts(groups[4], groups[1], groups[3])
        : parts(groups[4], groups[3], groups[1]),
    timeAt: 5,
  },
  {
    // March 15, 2024; Fri, Mar 15th 2024 at 10:00 am
    pattern: new RegExp(
      `^${WEEKDAY}${MONTH}\\s(\\d{1,2})${ORDINAL},?\\s(\\d{4})(?:,?\\s(?:at\\s)?${TIME})?$`,
      "i",
    ),
    date: (groups) => parts(groups[3], monthNumber(groups[1]), groups[2]),
    timeAt: 4,
  },
  {
    // 15 March 2024; Fri, 15 Mar 2024 10:00:00 GMT (RFC 2822)
    pattern: new RegExp(
      `^${WEEKDAY}(\\d{1,2})${ORDINAL}\\s(?:of\\s)?${MONTH},?\\s(\\d{4})(?:,?\\s(?:at\\s)?${TIME})?$`,
      "i",
    ),
    date: (groups) => parts(groups[3], monthNumber(groups[2]), groups[1]),
    timeAt: 4,
  },
];

/**
 * The ISO 8601 form of a date-like string, or undefined when it is not one (the whole string must be
 * the date). Dates become "2024-03-15"; date-times with a zone become UTC "2024-03-15T08:00:00Z";
 * date-times without a zone stay zoneless "2024-03-15T10:00:00". Impossible dates (02/30/2024) are not dates.
 */
export function toIsoDate(text: string, order: NumericDateOrder): string | undefined {
  if (text.length > MAX_DATE_LENGTH || text.length < 8) return undefined;
  for (const { pattern, date, timeAt } of PATTERNS) {
    const groups = pattern.exec(text);
    if (groups) return format(date(groups, order), groups.slice(timeAt));
  }
  return undefined;
}

function format(date: DateParts, timeGroups: Groups): string | undefined {
  if (!isValidDate(date)) return undefined;
  const [hourText, minuteText, secondText, fraction = "", meridiem, zone] = timeGroups;
  if (hourText === undefined) return formatDate(date);
  const hour = toTwentyFourHour(Number(hourText), meridiem);
  const time: TimeParts = { hour, minute: Number(minuteText), second: Number(secondText ?? 0), fraction };
  if (!isValidTime(time)) return undefined;
  if (zone === undefined) return formatLocalDateTime(date, time);
  const offsetMinutes = zoneOffsetMinutes(zone);
  return offsetMinutes === undefined ? undefined : formatUtcDateTime(date, time, offsetMinutes);
}

function parts(
  year: string | undefined,
  month: string | number | undefined,
  day: string | undefined,
): DateParts {
  return { year: Number(year), month: Number(month), day: Number(day) };
}

function monthNumber(name: string | undefined): number {
  const months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
  return months.indexOf((name ?? "").slice(0, 3).toLowerCase()) + 1;
}

/** -1 (invalid) for an am/pm hour outside 1..12. */
function toTwentyFourHour(hour: number, meridiem: string | undefined): number {
  if (meridiem === undefined) return hour;
  if (hour < 1 || hour > 12) return -1;
  return (hour % 12) + (meridiem.toLowerCase() === "p" ? 12 : 0);
}

function zoneOffsetMinutes(zone: string): number | undefined {
  if (/^(z|utc|gmt)$/i.test(zone)) return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? 0);
  if (hours > 23 || minutes > 59) return undefined;
  return (match[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
}
