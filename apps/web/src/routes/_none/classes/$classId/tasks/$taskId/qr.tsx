import { createFileRoute } from '@tanstack/react-router';
import { UnderConstruction } from '../../../../../../components/UnderConstruction';
import { de } from '../../../../../../i18n/de';

export const Route = createFileRoute('/_none/classes/$classId/tasks/$taskId/qr')({
  // A QR code is scanned from a projector or a printout: always dark on light.
  staticData: { colorScheme: 'light' },
  component: TaskQrPage,
});

function TaskQrPage() {
  return <UnderConstruction title={de.titles.taskQr} />;
}
