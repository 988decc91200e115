import { unstableSetRender } from 'antd-mobile';
import { createRootRender } from './antdRender';

/**
 * Tests load antd-mobile unbundled, with its own legacy render (which React 19 removed): this hands it the
 * createRoot render the build puts in by default (scripts/antdRender.ts). Must run before the first Toast.
 */
unstableSetRender(createRootRender as Parameters<typeof unstableSetRender>[0]);
