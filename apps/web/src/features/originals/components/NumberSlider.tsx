import { Slider, type SliderProps } from 'antd-mobile';

/**
 * antd-mobile's Slider with one handle, reporting a plain number: the library types every value as a number
 * or a pair (for a range slider), so each game would otherwise unwrap the pair it never gets.
 */
export function NumberSlider({
  onChange,
  ...props
}: Omit<SliderProps, 'range' | 'value' | 'onChange'> & { value: number; onChange: (value: number) => void }) {
  return <Slider {...props} onChange={(v) => onChange(Array.isArray(v) ? v[0]! : v)} />;
}
