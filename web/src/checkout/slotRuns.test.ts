import { describe, expect, it } from 'vitest';
import { slotRuns } from './SlotPicker';

describe('slot messages (issue 31: shown above the whole day instead of at their slot)', () => {
  it('puts each message before the first of the consecutive times it belongs to, once', () => {
    const slots = [
      { id: '11:00', message: null },
      { id: '11:15', message: null },
      { id: '12:00', message: 'Enkel het middagmenu' },
      { id: '12:15', message: 'Enkel het middagmenu' },
      { id: '18:00', message: '' },
      { id: '21:30', message: 'Laatste bestellingen' },
    ];
    expect(slotRuns(slots).map((run) => ({ message: run.message, ids: run.slots.map((s) => s.id) }))).toEqual([
      { message: null, ids: ['11:00', '11:15'] },
      { message: 'Enkel het middagmenu', ids: ['12:00', '12:15'] },
      { message: null, ids: ['18:00'] },
      { message: 'Laatste bestellingen', ids: ['21:30'] },
    ]);
    expect(slotRuns([])).toEqual([]);
  });
});
