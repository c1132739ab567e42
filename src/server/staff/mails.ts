import type { MailMessage } from '../mail';

/**
 * The staff console's mails, in English and Chinese in one message (an account has no language
 * of its own). Links are the console's own; nothing here is a visitor's text.
 */

const ROLE_NAMES: Record<string, string> = { admin: 'admin / 管理员', editor: 'editor / 编辑', writer: 'writer / 撰稿人', service: 'customer service / 客服', hr: 'HR / 人力资源' };

export function inviteMail(to: string, url: string, role: string | null, by: string): MailMessage {
  return {
    to,
    subject: 'Your Seabridge staff account / 您的 Seabridge 员工账户',
    text: [
      `${by} has invited you to the Seabridge staff console${role ? ` as ${ROLE_NAMES[role] ?? role}` : ''}.`,
      'Set your password within 24 hours with this link (it works once):',
      url,
      'Then add a second factor: an authenticator app or a passkey.',
      '',
      `${by} 邀请您使用 Seabridge 员工控制台${role ? `，角色为 ${ROLE_NAMES[role] ?? role}` : ''}。`,
      '请在 24 小时内通过以下链接设置密码（链接仅可使用一次）：',
      url,
      '随后请添加第二重验证：身份验证器应用或通行密钥。',
    ].join('\n'),
  };
}

export function resetMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: 'Reset your Seabridge staff password / 重置 Seabridge 员工密码',
    text: [
      'Someone asked to reset the password of your Seabridge staff account. If it was you, set a new one within an hour:',
      url,
      'If it was not you, ignore this mail: your password stays as it is.',
      '',
      '有人申请重置您的 Seabridge 员工账户密码。如果是您本人，请在一小时内通过以下链接设置新密码：',
      url,
      '如果不是您本人，请忽略此邮件，您的密码不会改变。',
    ].join('\n'),
  };
}

export function lockedMail(to: string, minutes: number, address: string): MailMessage {
  return {
    to,
    subject: 'Your Seabridge staff account was locked / 您的 Seabridge 员工账户已被锁定',
    text: [
      `Ten wrong passwords in a row were given for your account, the last from ${address}. Signing in is refused for ${minutes} minutes.`,
      'If it was not you, tell an admin: someone may be guessing your password.',
      '',
      `您的账户连续十次输入了错误密码，最后一次来自 ${address}。${minutes} 分钟内将无法登录。`,
      '如果不是您本人操作，请告知管理员：可能有人在猜测您的密码。',
    ].join('\n'),
  };
}
