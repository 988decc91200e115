// The ES build: the CommonJS one arrives as `{ default }` in Vite and React refuses it as a component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

// Only the pieces the console draws are registered, which keeps ECharts' chunk a fraction of the full build.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** No animation: operators read numbers, and a chart caught mid-animation (a screenshot, a quick glance) lies. */
export function Chart({ option, height = 280 }: { option: EChartsCoreOption; height?: number }) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={{ animation: false, ...option }}
      style={{ height }}
      notMerge
    />
  );
}
