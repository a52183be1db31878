/**
 * The shop's wall clock as a datetime-local value ("2026-11-24T17:00"): message windows are entered in the
 * shop's time zone whatever the time zone of the device, and the server reads a time without an offset so.
 */
export function shopWallClock(instant: Date, timeZone: string, withSeconds = false): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const minutes = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
  return withSeconds ? `${minutes}:${parts.second}` : minutes;
}

/** An answer's "2026-11-24T17:00:00+01:00" (already in the shop's offset) as a datetime-local value. */
export function wallClockOf(iso: string): string {
  return iso.slice(0, iso[17] === '0' && iso[18] === '0' ? 16 : 19);
}
