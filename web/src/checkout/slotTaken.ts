import type { QueryClient } from '@tanstack/react-query';
import { isSlotTaken } from '../cart/serverMessages';

/**
 * After a refused order: when the slot was taken (by its code, SLOT_TAKEN), the choice is cleared and the
 * picker reloads the times, so the customer picks another one. Returns whether that was the reason.
 */
export function reactToSlotTaken(problem: unknown, clearSlot: () => void, queryClient: QueryClient): boolean {
  if (!isSlotTaken(problem)) return false;
  clearSlot();
  void queryClient.invalidateQueries({ queryKey: ['availableTimeSlots'] });
  return true;
}
