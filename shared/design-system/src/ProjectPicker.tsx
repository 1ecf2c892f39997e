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
  /**
   * Projects not on air cannot be chosen (spec: "inactive projects appear disabled"): for pickers
   * that set something up for a project (a schedule, a mapping). Filters over data leave it off.
   */
  disableInactive?: boolean;
  style?: CSSProperties;
}

// rc-select needs a real value for the "all" option; it never leaves this component.
const ALL = '__all__';

/**
 * A searchable select of every project the customer has or had. Projects that are not on air
 * (上稿中) are marked with their status, such as '果然鲜水果超市（已下架）'. In a filter over data
 * they are selectable like the others (their leads and figures stay in the lists and reports); a
 * picker that sets something up (`disableInactive`) offers them disabled, as the spec says.
 */
export function ProjectPicker({
  items,
  value,
  onChange,
  allowAll = false,
  placeholder = DesignSystemText.ProjectPlaceholder,
  loading,
  disabled,
  disableInactive = false,
  style,
  ...labelling
}: ProjectPickerProps) {
  const options = [
    ...(allowAll ? [{ value: ALL as number | string, label: DesignSystemText.AllProjects }] : []),
    ...items.map((item) => ({
      value: item.id as number | string,
      label: isItemActive(item.status) ? item.title : `${item.title}（${itemStatusLabel(item.status)}）`,
      disabled: disableInactive && !isItemActive(item.status),
    })),
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
