import { queryErrorMessage } from '@portal/api-client';
import { firstError } from '@portal/contracts';
import { type Address, addressInputSchema, type AddressInput, MallMessage } from '@portal/contracts/mall';
import { PhoneInput, zodRule } from '@portal/design-system';
import { Alert, App, Checkbox, Form, Input, Modal, type FormRule } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useCreateAddressMutation, useSetDefaultAddressMutation, useUpdateAddressMutation } from './addressApi';
import { RegionCascader } from './RegionCascader';
import { AddressText } from './texts';

/** The address form's fields: the region as one picker of four names. */
export interface AddressFormValues {
  name?: string;
  mobile?: string;
  /** Province, city, area, street. */
  region?: string[];
  address?: string;
  postalCode?: string;
  isDefault?: boolean;
}

const regionSchema = addressInputSchema.pick({ province: true, city: true, area: true, street: true });

/** The region of the form as the address's four parts (missing parts undefined). */
const regionParts = (region: string[] | undefined) => {
  const [province, city, area, street] = region ?? [];
  return { province, city, area, street };
};

/** The region picker's rule: the four parts as addressInputSchema checks them ('请选择省/市/区/街道'). */
const regionRule: FormRule = {
  required: true,
  validator: async (_rule, value: string[] | undefined) => {
    const message = firstError(regionSchema, regionParts(value));
    if (message) throw new Error(message);
  },
};

/** The body of the create and update calls, as the contracts' schema makes it (trimmed). */
export const toAddressInput = (values: AddressFormValues): AddressInput =>
  addressInputSchema.parse({
    name: values.name ?? '',
    mobile: values.mobile ?? '',
    ...regionParts(values.region),
    address: values.address ?? '',
    postalCode: values.postalCode ?? '',
  });

/** Every field of the form. */
const FORM_FIELDS = ['name', 'mobile', 'region', 'address', 'postalCode', 'isDefault'] as const satisfies readonly (keyof AddressFormValues)[];

/** The form's values for an address (empty for a new one; a new one is the default when asked). */
export const addressFormValues = (address: Address | null | undefined): AddressFormValues =>
  address
    ? {
        name: address.name,
        mobile: address.mobile,
        region: [address.province, address.city, address.area, address.street],
        address: address.address,
        postalCode: address.postalCode ?? '',
        isDefault: address.isDefault === 1,
      }
    : { postalCode: '', isDefault: false };

/** The field a refusal of the server is about (the spec's form messages), else none: shown above the form. */
const FIELD_OF_MESSAGE: Record<string, keyof AddressFormValues> = {
  [MallMessage.NameLength]: 'name',
  [MallMessage.MobileRequired]: 'mobile',
  [MallMessage.MobileInvalid]: 'mobile',
  [MallMessage.RegionRequired]: 'region',
  [MallMessage.AddressRequired]: 'address',
  [MallMessage.AddressDetailLength]: 'address',
  [MallMessage.PostalCodeInvalid]: 'postalCode',
};

export interface AddressDialogProps {
  open: boolean;
  /** The address to edit; none (or null) adds one. */
  address?: Address | null;
  onClose: () => void;
  /** After a save, with the address as the server has it. */
  onSaved?: (address: Address) => void;
}

/**
 * The delivery-address dialog (spec 000 section 5), for the address page and the order
 * confirmation: receiver (1-5 characters), mobile, region (province/city/area/street picker),
 * detailed address, postal code (optional, 6 digits) and 设为默认, each checked with the spec's
 * message by the contracts' addressInputSchema, as the server checks it. A refusal of the server
 * shows on its field (or above the form) and the dialog keeps everything typed.
 */
export function AddressDialog({ open, address, onClose, onSaved }: AddressDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AddressFormValues>();
  const [createAddress, creating] = useCreateAddressMutation();
  const [updateAddress, updating] = useUpdateAddressMutation();
  const [setDefault, settingDefault] = useSetDefaultAddressMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  // An address this dialog created whose default could not be set: saving again updates it, never adds a second.
  const created = useRef<Address | null>(null);
  const editing = address ?? null;

  // The form's store outlives each opening (the dialog stays mounted, its fields come and go):
  // each opening starts from the address edited, or from nothing, whatever the last one left.
  useEffect(() => {
    if (!open) return;
    const values = addressFormValues(editing);
    // setFields, not setFieldsValue: a field the values leave out is emptied, and old errors go.
    form.setFields(FORM_FIELDS.map((name) => ({ name, value: values[name], errors: [] })));
  }, [open, editing, form]);

  const close = () => {
    created.current = null;
    setRefusal(null);
    onClose();
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as AddressFormValues;
    const body = toAddressInput(values);
    setRefusal(null);
    try {
      const target = editing ?? created.current;
      let saved = target ? await updateAddress({ id: target.id, body }).unwrap() : await createAddress(body).unwrap();
      if (!target) created.current = saved;
      if (values.isDefault && saved.isDefault !== 1) {
        await setDefault(saved.id).unwrap();
        saved = { ...saved, isDefault: 1 };
      }
      message.success(AddressText.Saved);
      onSaved?.(saved);
      close();
    } catch (error) {
      const text = queryErrorMessage(error, AddressText.SaveFailed);
      const field = FIELD_OF_MESSAGE[text];
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else setRefusal(text);
    }
  };

  const isDefaultAlready = editing?.isDefault === 1;
  return (
    <Modal
      open={open}
      title={editing ? AddressText.EditTitle : AddressText.AddTitle}
      okText={AddressText.Save}
      cancelText={AddressText.Cancel}
      confirmLoading={creating.isLoading || updating.isLoading || settingDefault.isLoading}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} />}
      <Form<AddressFormValues>
        form={form}
        name="mallAddress"
        layout="vertical"
        initialValues={addressFormValues(editing)}
        preserve={false}
        onValuesChange={() => setRefusal(null)}
      >
        <Form.Item name="name" label={AddressText.Receiver} rules={[zodRule(addressInputSchema, 'name')]}>
          <Input placeholder={AddressText.ReceiverPlaceholder} autoComplete="name" />
        </Form.Item>
        <Form.Item name="mobile" label={AddressText.Mobile} rules={[zodRule(addressInputSchema, 'mobile')]}>
          <PhoneInput placeholder={MallMessage.MobileRequired} />
        </Form.Item>
        <Form.Item name="region" label={AddressText.Region} rules={[regionRule]}>
          <RegionCascader />
        </Form.Item>
        <Form.Item name="address" label={AddressText.Detail} rules={[zodRule(addressInputSchema, 'address')]}>
          <Input.TextArea placeholder={AddressText.DetailPlaceholder} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="postalCode" label={AddressText.PostalCode} rules={[zodRule(addressInputSchema, 'postalCode')]}>
          <Input placeholder={AddressText.PostalCodePlaceholder} inputMode="numeric" autoComplete="postal-code" />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox disabled={isDefaultAlready}>{AddressText.DefaultLabel}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
