import { describe, expect, it } from 'vitest';
import { blankKiosk, formOfKiosk, kioskForm } from './kioskForm';

describe('the kiosk editor form', () => {
  const valid = { ...blankKiosk(), name: 'Kiosk ingang' };

  it('turns what was typed into the contract input (numbers, no printer as null)', () => {
    expect(kioskForm.parse({ ...valid, printerId: '73001', idleSeconds: '50' })).toEqual({
      name: 'Kiosk ingang',
      terminalId: '',
      printerId: 73001,
      fulfilment: ['takeaway', 'dinein'],
      paymentMethods: ['counter'],
      idleSeconds: 50,
      countdownSeconds: 20,
      attractSeconds: 60,
      confirmationSeconds: 30,
      printCounterOrdersAtOnce: false,
    });
    expect(kioskForm.parse(valid).printerId).toBeNull();
  });

  it('refuses what the server refuses, with the message of the field', () => {
    const problems = (input: object) => {
      const result = kioskForm.safeParse({ ...valid, ...input });
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(problems({ name: ' ' })).toEqual(['name: form.required']);
    expect(problems({ fulfilment: [] })).toEqual(['fulfilment: dashboard.kiosks.error.fulfilment']);
    expect(problems({ paymentMethods: [] })).toEqual(['paymentMethods: dashboard.kiosks.error.paymentMethods']);
    expect(problems({ paymentMethods: ['terminal'] })).toEqual(['terminalId: dashboard.kiosks.error.terminalNeeded']);
    expect(problems({ terminalId: 'T 1' })).toEqual(['terminalId: dashboard.kiosks.error.terminalId']);
    expect(problems({ printerId: 'abc' })).toEqual(['printerId: dashboard.kiosks.error.printerId']);
    expect(problems({ idleSeconds: '9' })).toEqual(['idleSeconds: dashboard.kiosks.error.range']);
    expect(problems({ confirmationSeconds: '301' })).toEqual(['confirmationSeconds: dashboard.kiosks.error.range']);
    expect(problems({ countdownSeconds: '2.5' })).toEqual(['countdownSeconds: form.invalid']);
  });

  it('shows a saved device as it was stored', () => {
    const form = formOfKiosk({
      id: 3,
      name: 'Toog',
      terminalId: 'T-1',
      printerId: null,
      fulfilment: ['dinein'],
      paymentMethods: ['terminal'],
      idleSeconds: 45,
      countdownSeconds: 20,
      attractSeconds: 60,
      confirmationSeconds: 30,
      printCounterOrdersAtOnce: true,
      paired: true,
      pairedAt: null,
      lastSeenAt: null,
    });
    expect(form).toMatchObject({ printerId: '', idleSeconds: '45', paymentMethods: ['terminal'], printCounterOrdersAtOnce: true });
    expect(kioskForm.safeParse(form).success).toBe(true);
  });
});
