import type { QueryClient } from '@tanstack/react-query';

/** The checkout's refusal when someone else booked the slot's last place meanwhile. */
export function isSlotTaken(message: string): boolean {
  return message.startsWith('The time slot was just booked');
}

/**
 * After a refused order: when the slot was taken, the choice is cleared and the picker reloads the
 * times, so the customer picks another one. Returns whether that was the reason.
 */
export function reactToSlotTaken(message: string, clearSlot: () => void, queryClient: QueryClient): boolean {
  if (!isSlotTaken(message)) return false;
  clearSlot();
  void queryClient.invalidateQueries({ queryKey: ['availableTimeSlots'] });
  return true;
}
