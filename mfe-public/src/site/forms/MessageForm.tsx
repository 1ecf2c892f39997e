import { MESSAGE_CONTENT_MAX, MESSAGE_ENTERPRISE_MAX, MESSAGE_NAME_MAX, SITE_FORM_PATHS } from '@portal/contracts/public/site';
import { useState } from 'react';
import { type FieldSpec, Fields } from './fields';
import { Honeypot, SendButton, Status } from './parts';
import { useSiteForm } from './useSiteForm';

/**
 * The visitor's forms of spec 000 sections 3 and 5: the quick message (content required,
 * '请填写留言！'), the contact and project-diagnosis forms, and the branch-partner consultation
 * (no enterprise name). A visitor's is type 4 platform 1; a logged-in customer's goes through the
 * login-based call as type 6 platform 2 (section 6).
 */
export type MessageScene = 'message' | 'contact' | 'diagnosis' | 'partner';

const VISITOR = { type: 4, platform: 1 } as const;
const CUSTOMER = { type: 6, platform: 2 } as const;

export const MessageFormText = {
  Name: '姓名',
  Enterprise: '企业名称',
  Telephone: '手机号码',
  Content: '留言内容',
  Submit: '提交',
  Sending: '提交中…',
  Done: '提交成功，我们的顾问会尽快与您联系。',
  contentCount: (length: number): string => `${length}/${MESSAGE_CONTENT_MAX}`,
} as const;

function fieldsOf(scene: MessageScene): FieldSpec[] {
  return [
    { name: 'name', label: MessageFormText.Name, required: true, maxLength: MESSAGE_NAME_MAX },
    ...(scene === 'partner'
      ? []
      : [{ name: 'enterpriseName', label: MessageFormText.Enterprise, required: true, maxLength: MESSAGE_ENTERPRISE_MAX }]),
    { name: 'telephone', label: MessageFormText.Telephone, required: true, kind: 'tel', maxLength: 11 },
    { name: 'content', label: MessageFormText.Content, required: scene === 'message', kind: 'textarea', maxLength: MESSAGE_CONTENT_MAX },
  ];
}

export function MessageForm({ scene, loggedIn, id }: { scene: MessageScene; loggedIn: boolean; id: string }) {
  const [done, setDone] = useState(false);
  const codes = loggedIn ? CUSTOMER : VISITOR;
  const { errors, status, onSubmit } = useSiteForm<{ id: number }>({
    url: loggedIn ? SITE_FORM_PATHS.message.customer : SITE_FORM_PATHS.message.visitor,
    fixed: loggedIn ? codes : { ...codes, scene },
    loadCheck: async () => {
      const [{ fieldErrors }, endpoints] = await Promise.all([import('@portal/contracts/public'), import('@portal/contracts/endpoints')]);
      const schema = loggedIn ? endpoints.loggedInMessageBodySchema : endpoints.publicMessageBodySchema;
      return (values) => fieldErrors(schema, values);
    },
    onDone: () => setDone(true),
  });
  if (done) return <Status status={{ state: 'done', message: MessageFormText.Done }} />;
  return (
    <form className="site-form" method="post" action={SITE_FORM_PATHS.message.visitor} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <input type="hidden" name="type" value={VISITOR.type} />
      <input type="hidden" name="platform" value={VISITOR.platform} />
      <input type="hidden" name="scene" value={scene} />
      <Honeypot />
      <Fields form={id} fields={fieldsOf(scene)} errors={errors} />
      <Status status={status} />
      <SendButton sending={status.state === 'sending'} />
    </form>
  );
}
