import type { KioskDeviceInput, KioskDeviceView } from '@bakje/contract';
import { z } from 'zod';

/** A whole number of seconds in a range (the form holds the text typed). */
const seconds = (min: number, max: number) =>
  z.coerce.number<string>({ error: 'form.invalid' }).int('form.invalid').min(min, 'dashboard.kiosks.error.range').max(max, 'dashboard.kiosks.error.range');

/** The kiosk editor's form: the same rules as the server's (server/src/modules/kiosk/kiosk-devices.ts). */
export const kioskForm = z
  .object({
    name: z.string().trim().min(1, 'form.required').max(60, 'form.invalid'),
    terminalId: z
      .string()
      .trim()
      .max(40, 'form.invalid')
      .regex(/^[\w-]*$/, 'dashboard.kiosks.error.terminalId'),
    printerId: z
      .string()
      .trim()
      .regex(/^\d{0,10}$/, 'dashboard.kiosks.error.printerId')
      .transform((v) => (v === '' ? null : Number(v)))
      .refine((v) => v === null || (v > 0 && v <= 2_147_483_647), 'dashboard.kiosks.error.printerId'),
    fulfilment: z.array(z.enum(['takeaway', 'dinein'])).min(1, 'dashboard.kiosks.error.fulfilment'),
    paymentMethods: z.array(z.enum(['terminal', 'counter'])).min(1, 'dashboard.kiosks.error.paymentMethods'),
    idleSeconds: seconds(10, 600),
    countdownSeconds: seconds(5, 120),
    attractSeconds: seconds(10, 3600),
    confirmationSeconds: seconds(5, 300),
    printCounterOrdersAtOnce: z.boolean(),
  })
  .refine((v) => !v.paymentMethods.includes('terminal') || v.terminalId.length > 0, {
    path: ['terminalId'],
    message: 'dashboard.kiosks.error.terminalNeeded',
  }) satisfies z.ZodType<KioskDeviceInput, unknown>;
export type KioskForm = z.input<typeof kioskForm>;

export function blankKiosk(): KioskForm {
  return {
    name: '',
    terminalId: '',
    printerId: '',
    fulfilment: ['takeaway', 'dinein'],
    paymentMethods: ['counter'],
    idleSeconds: '45',
    countdownSeconds: '20',
    attractSeconds: '60',
    confirmationSeconds: '30',
    printCounterOrdersAtOnce: false,
  };
}

export function formOfKiosk(kiosk: KioskDeviceView): KioskForm {
  return {
    name: kiosk.name,
    terminalId: kiosk.terminalId,
    printerId: kiosk.printerId === null ? '' : String(kiosk.printerId),
    fulfilment: [...kiosk.fulfilment],
    paymentMethods: [...kiosk.paymentMethods],
    idleSeconds: String(kiosk.idleSeconds),
    countdownSeconds: String(kiosk.countdownSeconds),
    attractSeconds: String(kiosk.attractSeconds),
    confirmationSeconds: String(kiosk.confirmationSeconds),
    printCounterOrdersAtOnce: kiosk.printCounterOrdersAtOnce,
  };
}

const FIELDS = new Set(Object.keys(blankKiosk()));
/** The server's field names are the form's own. */
export function kioskFormField(field: string): keyof KioskForm | undefined {
  return FIELDS.has(field) ? (field as keyof KioskForm) : undefined;
}
