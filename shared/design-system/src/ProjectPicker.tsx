import { isItemActive, itemStatusLabel } from '@portal/contracts';
import { Select } from 'antd';
import type { AriaAttributes, CSSProperties } from 'react';
import { DesignSystemText } from './texts';

/** What the picker needs of a project (an Item of @portal/api-client fits). */
export interface ProjectOption {
  id: number;
  title: string;
  status: number;
}

/**
 * Inside a labelled Form.Item the form gives the id its label points at (and aria-required,
 * aria-invalid, aria-describedby); standing alone, the picker needs an aria-label.
 */
export interface ProjectPickerProps extends Pick<AriaAttributes, 'aria-label' | 'aria-describedby' | 'aria-invalid' | 'aria-required'> {
  id?: string;
  items: readonly ProjectOption[];
  /** The chosen project id; null (or left out) for all projects or none yet. */
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Offers '全部项目' first, which gives null. */
  allowAll?: boolean;
  /** Default '请选择项目'. */
  placeholder?: string;
  loading?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
}

// rc-select needs a real value for the "all" option; it never leaves this component.
const ALL = '__all__';

/** A searchable project select; projects that are not on air are shown with their status and disabled. */
export function ProjectPicker({
  items,
  value,
  onChange,
  allowAll = false,
  placeholder = DesignSystemText.ProjectPlaceholder,
  loading,
  disabled,
  style,
  ...labelling
}: ProjectPickerProps) {
  const options = [
    ...(allowAll ? [{ value: ALL as number | string, label: DesignSystemText.AllProjects }] : []),
    ...items.map((item) => {
      const active = isItemActive(item.status);
      return {
        value: item.id as number | string,
        label: active ? item.title : `${item.title}（${itemStatusLabel(item.status)}）`,
        disabled: !active,
      };
    }),
  ];
  const selected = value ?? (allowAll ? ALL : undefined);

  return (
    <Select<number | string>
      {...labelling}
      value={selected}
      options={options}
      placeholder={placeholder}
      loading={loading}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 200, ...style }}
      onChange={(next) => onChange?.(next === ALL || next === undefined ? null : Number(next))}
    />
  );
}
