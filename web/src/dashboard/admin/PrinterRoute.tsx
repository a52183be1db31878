import VirtualPrinterPage from '../../printing/VirtualPrinterPage';
import { PERMISSION } from './permissions';
import { StaffGate } from './StaffGate';

/** /dashboard/printer behind the same role gate as every dashboard page (its API needs kitchen.view). */
export default function PrinterRoute() {
  return (
    <StaffGate permission={PERMISSION.kitchenView}>
      <VirtualPrinterPage />
    </StaffGate>
  );
}
