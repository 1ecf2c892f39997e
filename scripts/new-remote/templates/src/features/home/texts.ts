/** Texts of the home page. */
export const HomeText = {
  Title: '__label__',
  account: (account: string): string => `当前账号：${account}`,
  Intro: '这是新模块的示例页面：它从服务器读取当前账号，说明页面、接口、测试和构建都已接通。',
} as const;
