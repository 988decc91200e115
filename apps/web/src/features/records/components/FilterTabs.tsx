import { Tabs, type TabsProps } from '../../../components/Tabs';
import './FilterTabs.css';

/**
 * The outlined strip that filters a record screen (a deposit or withdrawal type, a rebate's status, the
 * income page's rebates or commission), under its time ranges where it has them.
 */
export function FilterTabs<K extends string | number>(
  props: Omit<TabsProps<K>, 'className' | 'tabClassName'>,
) {
  return <Tabs className="inout-types" tabClassName="outline-tab" {...props} />;
}
