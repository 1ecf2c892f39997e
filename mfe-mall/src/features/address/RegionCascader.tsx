import { queryErrorMessage } from '@portal/api-client';
import type { Region } from '@portal/contracts/mall';
import { App, Cascader } from 'antd';
import { useMemo, useState } from 'react';
import { useLazyRegionsQuery, useRegionsQuery } from './addressApi';
import { AddressText } from './texts';

/** A region as the picker shows it: its name is its value (an address stores names), its code loads the level below. */
interface RegionOption {
  value: string;
  label: string;
  code: string;
  isLeaf: boolean;
  children?: RegionOption[];
}

export interface RegionCascaderProps {
  /** Province, city, area and street names (an address's region); given by the Form.Item around it. */
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  disabled?: boolean;
}

/**
 * The address form's region picker (spec 000 section 5): province, city, area and street of the
 * administrative divisions, each level asked of the server when its parent is opened
 * (GET /customer/mall/regions). A saved address shows its names before any level is loaded.
 */
export function RegionCascader({ value, onChange, id, disabled }: RegionCascaderProps) {
  const { message } = App.useApp();
  const provinces = useRegionsQuery(undefined);
  const [loadRegions] = useLazyRegionsQuery();
  // The levels loaded so far, by their parent's code.
  const [loaded, setLoaded] = useState<Record<string, Region[]>>({});

  const options = useMemo(() => {
    const toOption = (region: Region): RegionOption => {
      const children = loaded[region.code];
      return {
        value: region.name,
        label: region.name,
        code: region.code,
        isLeaf: region.leaf,
        ...(children ? { children: children.map(toOption) } : {}),
      };
    };
    return (provinces.data ?? []).map(toOption);
  }, [provinces.data, loaded]);

  const loadData = async (selected: RegionOption[]) => {
    const parent = selected[selected.length - 1];
    if (!parent || loaded[parent.code]) return;
    try {
      const children = await loadRegions(parent.code, true).unwrap();
      setLoaded((current) => ({ ...current, [parent.code]: children }));
    } catch (error) {
      message.error(queryErrorMessage(error, AddressText.RegionsFailed));
    }
  };

  return (
    <Cascader<RegionOption>
      id={id}
      options={options}
      loadData={(selected) => void loadData(selected)}
      value={value}
      onChange={(next) => onChange?.((next ?? []) as string[])}
      placeholder={AddressText.RegionPlaceholder}
      loading={provinces.isFetching}
      disabled={disabled}
      notFoundContent={provinces.isError ? AddressText.RegionsFailed : undefined}
      style={{ width: '100%' }}
    />
  );
}
