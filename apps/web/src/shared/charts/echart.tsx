import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { init, use as registerParts, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import './echart.css';

// Only the charts and parts the console's analyses use (the report's, the visitors'); this module loads
// with those pages alone, never with the shell.
registerParts([BarChart, LineChart, PieChart, HeatmapChart, GridComponent, TooltipComponent, LegendComponent, VisualMapComponent, DataZoomComponent, CanvasRenderer]);

export interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  /** What the chart shows, for screen readers. */
  label: string;
  testId: string;
}

/** One ECharts chart on a canvas, redrawn when its option changes and resized with its box. */
export function EChart({ option, height, label, testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = box.current!;
    const instance = init(element, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} className="atrium-chart" style={{ height }} role="img" aria-label={label} data-testid={testId} />;
}
