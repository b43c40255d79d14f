import { Tag } from 'antd';
import { categoryLabel } from '@eo/contract';

/** Colours per category (spec section 3: "Category colours are mapped per type"). */
const COLORS: Record<string, string> = {
  Webinar: 'purple', Seminar: 'purple', Lomba: 'volcano', Beasiswa: 'blue', Volunteer: 'green', Paper: 'cyan',
  'Pertukaran Pelajar': 'geekblue', Pertunjukan: 'magenta', Kelas: 'orange', Magang: 'lime', Lainnya: 'default',
};

export function CategoryTag({ type }: { type: string }) {
  return <Tag color={COLORS[type] ?? 'default'}>{categoryLabel(type)}</Tag>;
}
