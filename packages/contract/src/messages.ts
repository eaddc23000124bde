import type { Lang } from './lang.js';

/**
 * Server messages in both languages. The server answers `message` from this table in the caller's
 * language; placeholders in braces are filled by `formatMessage`.
 */
export const MESSAGES = {
  ok: { 'en-US': 'Success', 'zh-CN': '成功' },
  badRequest: { 'en-US': 'Bad request: {detail}', 'zh-CN': '请求有误：{detail}' },
  malformedJson: { 'en-US': 'The request body is not valid JSON', 'zh-CN': '请求内容不是有效的 JSON' },
  unsupportedMediaType: { 'en-US': 'Unsupported content type: {type}', 'zh-CN': '不支持的内容类型：{type}' },
  payloadTooLarge: { 'en-US': 'The request is too large', 'zh-CN': '请求内容过大' },
  notFound: { 'en-US': 'Request address error: {path} does not exist', 'zh-CN': '请求地址错误：{path} 不存在' },
  recordNotFound: { 'en-US': 'The record does not exist', 'zh-CN': '记录不存在' },
  sessionInvalid: { 'en-US': 'Unauthorised, please sign in', 'zh-CN': '未授权，请登录' },
  noPermission: {
    'en-US': 'You have no permission for this operation',
    'zh-CN': '您没有该操作的权限',
  },
  crossSite: {
    'en-US': 'Cross-site request refused',
    'zh-CN': '跨站请求被拒绝',
  },
  internalError: { 'en-US': 'Server internal error', 'zh-CN': '服务器内部错误' },
  tooManyRequests: { 'en-US': 'Too many requests, please try again later', 'zh-CN': '请求过于频繁，请稍后再试' },
  wrongCredentials: {
    'en-US': 'Please enter the correct account and password',
    'zh-CN': '请输入正确的账号和密码',
  },
  loginThrottled: {
    'en-US': 'Too many failed sign-in attempts. Please try again in {minutes} minutes',
    'zh-CN': '登录失败次数过多，请 {minutes} 分钟后再试',
  },
  accountDisabled: {
    'en-US': 'Please enter the correct account and password',
    'zh-CN': '请输入正确的账号和密码',
  },
  firstLoginChangePassword: {
    'en-US': 'First login, please change password',
    'zh-CN': '首次登录，请修改密码',
  },
  passwordExpired: {
    'en-US': 'Your password has expired, please change it',
    'zh-CN': '密码已过期，请修改密码',
  },
  passwordsDoNotMatch: { 'en-US': 'The two passwords do not match', 'zh-CN': '两次输入的密码不一致' },
  passwordHasSpaces: { 'en-US': 'The password must not contain spaces', 'zh-CN': '密码不能包含空格' },
  passwordSameAsOld: {
    'en-US': 'The new password must differ from the old one',
    'zh-CN': '新密码不能与旧密码相同',
  },
  wrongOldPassword: { 'en-US': 'Wrong password', 'zh-CN': '密码错误' },
  passwordTooShort: {
    'en-US': 'The password must have at least {min} characters',
    'zh-CN': '密码长度至少为 {min} 位',
  },
  passwordNeedsUppercase: { 'en-US': 'The password needs an uppercase letter', 'zh-CN': '密码需包含大写字母' },
  passwordNeedsLowercase: { 'en-US': 'The password needs a lowercase letter', 'zh-CN': '密码需包含小写字母' },
  passwordNeedsNumber: { 'en-US': 'The password needs a number', 'zh-CN': '密码需包含数字' },
  passwordNeedsSpecial: { 'en-US': 'The password needs a special character', 'zh-CN': '密码需包含特殊字符' },
  passwordChangedSignInAgain: {
    'en-US': 'Password changed, please sign in again',
    'zh-CN': '密码已修改，请重新登录',
  },
  loggedOut: { 'en-US': 'Signed out', 'zh-CN': '已退出登录' },
  proxySignInDisabled: {
    'en-US': 'Sign-in through the reverse proxy is not enabled for this address',
    'zh-CN': '此地址未启用通过反向代理登录',
  },
  proxySignInUntrusted: {
    'en-US': 'The request did not come from the trusted reverse proxy',
    'zh-CN': '该请求并非来自受信任的反向代理',
  },
  proxySignInUserUnknown: {
    'en-US': 'The reverse proxy named no active user of this company',
    'zh-CN': '反向代理未指明本公司的有效用户',
  },
  logoutUrlForeign: {
    'en-US': 'The address to come back to must be on this site',
    'zh-CN': '返回地址必须位于本站点',
  },
  passwordChangeNotRequired: {
    'en-US': 'No password change is pending; change your password from your account page',
    'zh-CN': '当前无需修改初始密码，请在个人设置中修改密码',
  },
  // group
  groupNotFound: { 'en-US': 'The department does not exist', 'zh-CN': '部门不存在' },
  groupParentNotFound: { 'en-US': 'The parent department does not exist', 'zh-CN': '上级部门不存在' },
  groupLocationNotFound: { 'en-US': 'The location does not exist', 'zh-CN': '位置不存在' },
  groupCodeTaken: { 'en-US': 'The group code {code} is already used by another department', 'zh-CN': '部门编码 {code} 已被其他部门使用' },
  groupParentCycle: {
    'en-US': 'A department cannot be moved under itself or one of its sub-departments',
    'zh-CN': '不能将部门移动到其自身或其下级部门之下',
  },
  groupHasMembers: {
    'en-US': 'The department still has {count} member(s); move them to another department first',
    'zh-CN': '该部门仍有 {count} 名成员，请先将他们移至其他部门',
  },
  groupHasChildren: {
    'en-US': 'The department still has {count} sub-department(s); delete or move them first',
    'zh-CN': '该部门仍有 {count} 个下级部门，请先删除或移动它们',
  },
  swatchNotFound: { 'en-US': 'The colour is not in the palette', 'zh-CN': '调色板中没有该颜色' },
  swatchDuplicate: { 'en-US': 'The colour {color} is already in the palette', 'zh-CN': '颜色 {color} 已在调色板中' },
  // directory
  userNameTaken: { 'en-US': 'The user name {userName} is already in use', 'zh-CN': '用户名 {userName} 已被使用' },
  emailTaken: { 'en-US': 'The e-mail address {email} is already in use', 'zh-CN': '邮箱 {email} 已被使用' },
  userNameCannotChange: { 'en-US': 'The user name cannot change after creation', 'zh-CN': '用户名创建后不可修改' },
  emailCannotChange: { 'en-US': 'The e-mail address cannot change after creation', 'zh-CN': '邮箱创建后不可修改' },
  cannotDeleteYourself: { 'en-US': 'You cannot delete your own account', 'zh-CN': '不能删除自己的账号' },
  lastUserAdministrator: {
    'en-US': 'At least one active user must keep the right to edit users',
    'zh-CN': '至少需要保留一名拥有用户编辑权限的启用用户',
  },
  noRoleInCompany: { 'en-US': 'The company has no role to give the new user', 'zh-CN': '公司没有可分配给新用户的角色' },
  activationLinkInvalid: {
    'en-US': 'This activation link is invalid, already used or expired',
    'zh-CN': '该激活链接无效、已使用或已过期',
  },
  alreadyActivated: { 'en-US': 'This user has already activated the account', 'zh-CN': '该用户已激活账号' },
  accountActivated: { 'en-US': 'Account activated, please sign in', 'zh-CN': '账号已激活，请登录' },
  activationMailSent: { 'en-US': 'The activation e-mail has been sent', 'zh-CN': '激活邮件已发送' },
  importFileRequired: { 'en-US': 'Please upload a csv, xls or xlsx file', 'zh-CN': '请上传 csv、xls 或 xlsx 文件' },
  importUnsupportedFile: { 'en-US': 'The file is not a csv, xls or xlsx file', 'zh-CN': '文件不是 csv、xls 或 xlsx 格式' },
  importXlsOldVersion: {
    'en-US': 'This .xls file was saved by Excel 95 or older, which cannot be read; save it as .xlsx, or as .xls from Excel 97 or later',
    'zh-CN': '此 .xls 文件由 Excel 95 或更早版本保存，无法读取；请另存为 .xlsx，或用 Excel 97 及以上版本另存为 .xls',
  },
  importPasswordProtected: {
    'en-US': 'This workbook is protected by a password; remove the password and upload it again',
    'zh-CN': '此工作簿受密码保护，请取消密码后重新上传',
  },
  importXlsDamaged: {
    'en-US': 'This .xls file is damaged and cannot be read; open and save it again, or save it as .xlsx',
    'zh-CN': '此 .xls 文件已损坏，无法读取；请重新打开并保存，或另存为 .xlsx',
  },
  importMissingColumns: { 'en-US': 'The sheet {sheet} lacks the columns: {columns}', 'zh-CN': '工作表 {sheet} 缺少列：{columns}' },
  importTooManyRows: { 'en-US': 'At most {max} rows can be imported at once', 'zh-CN': '一次最多导入 {max} 行' },
  importInvalidField: { 'en-US': '{field} is missing or not valid', 'zh-CN': '{field} 缺失或无效' },
  importUnknownDepartment: { 'en-US': 'Unknown department: {name}', 'zh-CN': '未知部门：{name}' },
  importUnknownRole: { 'en-US': 'Unknown role: {name}', 'zh-CN': '未知角色：{name}' },
  importUnknownLocation: { 'en-US': 'Unknown location: {name}', 'zh-CN': '未知位置：{name}' },
  importDuplicateInFile: { 'en-US': '{value} appears more than once in the file', 'zh-CN': '{value} 在文件中重复出现' },
  // company, settings, personal, upload
  safetyPasswordWrong: { 'en-US': 'Safety password wrong', 'zh-CN': '安全密码错误' },
  safetyPasswordThrottled: {
    'en-US': 'Too many wrong safety passwords, please try again in {minutes} minutes',
    'zh-CN': '安全密码错误次数过多，请 {minutes} 分钟后再试',
  },
  safetyPasswordNotSet: {
    'en-US': 'No safety password is set; an administrator sets it in global settings',
    'zh-CN': '尚未设置安全密码，请管理员在全局设置中设置',
  },
  safetyPasswordCurrentRequired: { 'en-US': 'Please enter the current safety password', 'zh-CN': '请输入当前安全密码' },
  companyDomainTaken: { 'en-US': 'This company domain is already in use', 'zh-CN': '该公司域名已被使用' },
  uploadWrongFormat: { 'en-US': 'Please upload {formats} format file', 'zh-CN': '请上传 {formats} 格式的文件' },
  uploadTooLarge: { 'en-US': 'The file must not exceed {limit}', 'zh-CN': '文件大小不能超过 {limit}' },
  uploadMissingFile: { 'en-US': 'Please choose a file to upload', 'zh-CN': '请选择要上传的文件' },
  cannotEndCurrentSession: {
    'en-US': 'This is the session you are using; sign out instead',
    'zh-CN': '这是当前使用的会话，请直接退出登录',
  },
  // device themes
  themeNotCustomisable: { 'en-US': 'The theme {name} has a fixed logo and background', 'zh-CN': '主题 {name} 的 Logo 和背景不可更改' },
  themeNotForPlatform: { 'en-US': 'The theme {name} is not made for {platform} displays', 'zh-CN': '主题 {name} 不适用于 {platform} 设备' },
  themeImageNotInGallery: { 'en-US': 'Please choose a {type} from the gallery', 'zh-CN': '请从图库中选择{type}' },
  themeImageBuiltIn: { 'en-US': 'Built-in images cannot be deleted', 'zh-CN': '内置图片不能删除' },
  themeGalleryFull: { 'en-US': 'The gallery holds at most {max} images of each kind; delete some first', 'zh-CN': '图库中每类最多 {max} 张图片，请先删除部分图片' },
  themeImageTypeRequired: { 'en-US': 'Please say whether the image is a logo (0) or a background (1)', 'zh-CN': '请指明图片是 Logo（0）还是背景（1）' },
  themeLogo: { 'en-US': 'logo', 'zh-CN': 'Logo' },
  themeBackground: { 'en-US': 'background', 'zh-CN': '背景图' },
  themeSaved: { 'en-US': 'Theme saved', 'zh-CN': '主题已保存' },
  themeImageSaved: { 'en-US': 'Image saved', 'zh-CN': '图片已保存' },
  themeImagesDeleted: { 'en-US': 'Deleted', 'zh-CN': '已删除' },
  // role
  roleNameTaken: { 'en-US': 'A role named "{name}" already exists', 'zh-CN': '角色名称“{name}”已存在' },
  roleTooDeep: {
    'en-US': 'Roles can be nested at most {max} levels deep',
    'zh-CN': '角色最多只能嵌套 {max} 层',
  },
  roleDefaultNotDeletable: {
    'en-US': 'The default role cannot be deleted: new users get it and removed members fall back to it',
    'zh-CN': '默认角色不能删除：新用户默认属于该角色，被移除的成员也会回到该角色',
  },
  roleHasChildren: {
    'en-US': 'Delete the roles under "{name}" first',
    'zh-CN': '请先删除“{name}”下的子角色',
  },
  roleNotSiblings: {
    'en-US': 'Only roles under the same parent can swap places',
    'zh-CN': '只有同一上级下的角色才能交换顺序',
  },
  roleDefaultMembersNotRemovable: {
    'en-US': 'Members cannot be removed from the default role: add them to another role instead',
    'zh-CN': '不能从默认角色中移除成员，请将其添加到其他角色',
  },
  roleNoDefault: {
    'en-US': 'The company has no default role to move members to',
    'zh-CN': '公司没有可接收成员的默认角色',
  },
  roleLockout: {
    'en-US': 'Refused: afterwards nobody could manage roles. Keep at least one active member in a role with the role management edit permission',
    'zh-CN': '操作被拒绝：执行后将无人能够管理角色。请至少保留一名在职成员所在的角色拥有“角色管理”编辑权限',
  },
  roleGrantBeyondOwn: {
    'en-US': 'You can only grant permissions that your own role holds',
    'zh-CN': '您只能授予自己角色所拥有的权限',
  },
  roleAssignBeyondOwn: {
    'en-US': 'You cannot add members to a role that holds permissions your own role lacks',
    'zh-CN': '不能将成员添加到拥有您所不具备权限的角色',
  },
  roleDeletedMembersMoved: {
    'en-US': 'Role deleted; members moved to "{role}": {count}',
    'zh-CN': '角色已删除，{count} 名成员已移至“{role}”',
  },
  ssoRequired: {
    'en-US': 'Your company signs you in by single sign-on: use "Sign in with SSO" instead of a password',
    'zh-CN': '贵公司要求您通过单点登录（SSO）登录：请使用“SSO 登录”，而不是密码',
  },
  ssoUnavailable: {
    'en-US': 'Single sign-on is not available for this account or company. Sign in with your password, or ask your administrator',
    'zh-CN': '该账号或公司未启用单点登录。请使用密码登录，或联系管理员',
  },
  ssoIncomplete: {
    'en-US': 'To turn single sign-on on, fill in the issuer, the client ID and the client secret',
    'zh-CN': '启用单点登录前，请填写颁发者地址、客户端 ID 和客户端密钥',
  },
  ssoWouldLockYouOut: {
    'en-US': 'Refused: this would make you sign in by single sign-on too, and a wrong provider setting would lock you out. Add yourself to the exception members first (or, for part of the members, leave yourself off the list)',
    'zh-CN': '操作被拒绝：这会让您自己也必须通过单点登录登录，一旦身份提供方配置有误，您将无法登录。请先将自己加入例外成员（或在“部分成员”模式下不要将自己加入名单）',
  },
  ssoNotGoogle: {
    'en-US': 'Sign-in with a Google account is not configured for this company',
    'zh-CN': '该公司未配置 Google 账号登录',
  },
  ssoMailSent: {
    'en-US': 'Notice sent to {sent} members; {skipped} skipped (not covered by single sign-on or without e-mail)',
    'zh-CN': '已向 {sent} 名成员发送通知；跳过 {skipped} 名（不在单点登录范围内或没有邮箱）',
  },
  ownerTransferNotOwner: {
    'en-US': 'Only the company owner can transfer ownership',
    'zh-CN': '只有公司所有者可以转移所有权',
  },
  ownerTransferAlreadyOwner: {
    'en-US': '{name} already owns the company account',
    'zh-CN': '{name} 已是公司的所有者',
  },
  ownerTransferInactive: {
    'en-US': 'The new owner must be an active user; {name} is inactive',
    'zh-CN': '新所有者必须是启用状态的用户，{name} 已停用',
  },
  ownerTransferNeedsRoleManagement: {
    'en-US': "The new owner's role must hold the role management edit permission; {name}'s role \"{role}\" does not",
    'zh-CN': '新所有者所在角色必须拥有“角色管理”编辑权限，{name} 的角色“{role}”没有该权限',
  },
  ownerSafetyPasswordRequired: {
    'en-US': 'Enter the safety password to transfer ownership',
    'zh-CN': '请输入安全密码以转移所有权',
  },
  ownershipTransferred: {
    'en-US': 'Ownership transferred to {name}',
    'zh-CN': '所有权已转移给 {name}',
  },
  ownerNotDeletable: {
    'en-US': '{name} owns the company account and cannot be deleted. Transfer ownership first (User management > Administrators)',
    'zh-CN': '{name} 是公司的所有者，不能删除。请先转移所有权（用户管理 > 管理员）',
  },
  ownerNotDeactivatable: {
    'en-US': '{name} owns the company account and cannot be made inactive. Transfer ownership first (User management > Administrators)',
    'zh-CN': '{name} 是公司的所有者，不能停用。请先转移所有权（用户管理 > 管理员）',
  },
  ownerKeepsRoleManagement: {
    'en-US': 'Refused: the company owner ({name}) must keep the role management edit permission. Transfer ownership first (User management > Administrators)',
    'zh-CN': '操作被拒绝：公司所有者（{name}）必须保留“角色管理”编辑权限。请先转移所有权（用户管理 > 管理员）',
  },
  registrationCodeSent: {
    'en-US': 'If this address can be used, a code is on its way',
    'zh-CN': '如果该地址可以使用，验证码已发送',
  },
  registrationCodeInvalid: {
    'en-US': 'The code is wrong or has expired. Check it, or ask for a new one',
    'zh-CN': '验证码错误或已过期，请检查或重新获取',
  },
  registrationCodeUsedUp: {
    'en-US': 'Too many wrong codes. Please ask for a new one',
    'zh-CN': '验证码错误次数过多，请重新获取',
  },
  registrationTokenInvalid: {
    'en-US': 'This registration has expired or was already used. Please start again',
    'zh-CN': '本次注册已过期或已使用，请重新开始',
  },
  registrationEmailTaken: {
    'en-US': 'This e-mail address already has an account. Sign in, or reset your password',
    'zh-CN': '该邮箱已有账号，请登录或重置密码',
  },
  registrationClosed: {
    'en-US': 'Creating new companies is closed on this server',
    'zh-CN': '本服务器已关闭新公司注册',
  },
  companyCreated: { 'en-US': 'Company created', 'zh-CN': '公司已创建' },
  mailThrottled: {
    'en-US': 'Please wait {seconds} seconds before asking for another mail',
    'zh-CN': '请等待 {seconds} 秒后再重新发送',
  },
  mailAddressThrottled: {
    'en-US': 'Too many mails requested. Please try again in {minutes} minutes',
    'zh-CN': '请求邮件次数过多，请 {minutes} 分钟后再试',
  },
  resetMailSent: {
    'en-US': 'If an account uses this address, a reset link is on its way',
    'zh-CN': '如果有账号使用该地址，重置链接已发送',
  },
  signInLinkInvalid: {
    'en-US': 'This sign-in link is invalid, already used or expired. Open the QR code on your computer again to get a new one',
    'zh-CN': '该登录链接无效、已使用或已过期。请在电脑上重新打开二维码获取新的链接',
  },
  signInLinksTooMany: {
    'en-US': 'Too many sign-in codes at once. Wait a few minutes, then open the QR code again',
    'zh-CN': '同时生成的登录二维码过多，请几分钟后再打开二维码',
  },
  resetLinkInvalid: {
    'en-US': 'This reset link has expired or was already used. Please ask for a new one',
    'zh-CN': '该重置链接已过期或已使用，请重新申请',
  },
  passwordReset: {
    'en-US': 'Password changed. Please sign in with the new password',
    'zh-CN': '密码已修改，请使用新密码登录',
  },
  ldapIncomplete: {
    'en-US': 'Directory sync needs the server address (ldap:// or ldaps://), the bind DN, the bind password and the base DN',
    'zh-CN': '目录同步需要填写服务器地址（ldap:// 或 ldaps://）、绑定 DN、绑定密码和基准 DN',
  },
  ldapDisabled: {
    'en-US': 'Directory sync is turned off: turn it on in the setting first',
    'zh-CN': '目录同步未启用：请先在设置中启用',
  },
  ldapBadCaCertificate: {
    'en-US': 'The CA certificate could not be read: paste the PEM text of one or more certificates',
    'zh-CN': '无法读取 CA 证书：请粘贴一个或多个证书的 PEM 文本',
  },
  ldapSyncRunning: {
    'en-US': 'A directory sync is already running for your company; look at its report when it ends',
    'zh-CN': '贵公司的目录同步正在进行中，请在结束后查看同步报告',
  },
  ldapBindRefused: {
    'en-US': 'The LDAP server refused the bind DN or password',
    'zh-CN': 'LDAP 服务器拒绝了绑定 DN 或密码',
  },
  ldapFailed: {
    'en-US': 'The LDAP server could not be used: {reason}',
    'zh-CN': '无法使用 LDAP 服务器：{reason}',
  },
  ldapTooManyEntries: {
    'en-US': 'The filter finds more than {max} entries; narrow the base DN or the filter',
    'zh-CN': '筛选条件找到的条目超过 {max} 个；请缩小基准 DN 或筛选条件',
  },
  ldapSkipNoUserName: {
    'en-US': 'No user name (attribute {attribute})',
    'zh-CN': '没有用户名（属性 {attribute}）',
  },
  ldapSkipBadUserName: {
    'en-US': 'User name "{value}" is not usable: letters, digits and . _ - @, 2 to 64 characters',
    'zh-CN': '用户名“{value}”不可用：只能包含字母、数字和 . _ - @，2 到 64 个字符',
  },
  ldapSkipBadEmail: {
    'en-US': 'Not a valid e-mail address: "{value}"',
    'zh-CN': '无效的邮箱地址：“{value}”',
  },
  ldapSkipNoEmail: {
    'en-US': 'No e-mail address (attribute {attribute}); a new user needs one for the activation mail',
    'zh-CN': '没有邮箱地址（属性 {attribute}）；新用户需要邮箱接收激活邮件',
  },
  ldapSkipDuplicate: {
    'en-US': 'Another entry has the same user name or e-mail: "{value}"',
    'zh-CN': '另一个条目有相同的用户名或邮箱：“{value}”',
  },
  ldapSyncDone: {
    'en-US': 'Sync finished: {usersCreated} users created, {usersUpdated} updated, {departmentsCreated} departments created, {skipped} entries skipped',
    'zh-CN': '同步完成：新建用户 {usersCreated} 个，更新 {usersUpdated} 个，新建部门 {departmentsCreated} 个，跳过条目 {skipped} 个',
  },
  // Decision 0024: work-chat directories.
  workChatIncomplete: {
    'en-US': 'This work-chat directory needs its IDs (WeCom: corp ID; Feishu: app ID; DingTalk: app key) and the secret',
    'zh-CN': '该办公通讯录需要填写 ID（企业微信：企业ID；飞书：App ID；钉钉：AppKey）和密钥',
  },
  workChatDisabled: {
    'en-US': 'This work-chat directory is turned off: turn it on in the setting first',
    'zh-CN': '该办公通讯录未启用：请先在设置中启用',
  },
  workChatFailed: {
    'en-US': 'The work-chat directory could not be used: {reason}',
    'zh-CN': '无法使用办公通讯录：{reason}',
  },
  workChatTooManyUsers: {
    'en-US': 'The directory lists more than {max} people; a sync reads at most that many',
    'zh-CN': '通讯录中的人数超过 {max}；一次同步最多读取这么多人',
  },
  workChatSignInRefused: {
    'en-US': 'Sign-in with the work-chat app did not work: the app refused the code, or it names nobody active in this company. Sign in another way, or ask your administrator',
    'zh-CN': '办公应用登录失败：应用拒绝了授权码，或该账号不是本公司的在职用户。请用其他方式登录，或联系管理员',
  },
  directorySyncSkipInactive: {
    'en-US': 'Disabled or left the company in the directory',
    'zh-CN': '在通讯录中已停用或已离职',
  },
  infoShowSaved: { 'en-US': 'Display information saved', 'zh-CN': '显示信息已保存' },
  infoShowDeleted: { 'en-US': 'Display information removed; the company default applies', 'zh-CN': '显示信息已删除，将使用公司默认设置' },
  infoShowLabelRepeated: {
    'en-US': 'Each information line needs its own label: "{label}" appears twice',
    'zh-CN': '每条信息的标签不能重复：“{label}”出现了两次',
  },
  infoShowScopeChange: {
    'en-US': 'An entry keeps its scope; remove it and add one for the other scope instead',
    'zh-CN': '设置的适用范围不能修改；请删除后为另一范围新增',
  },
  noticeConfigSaved: { 'en-US': 'Notification settings saved', 'zh-CN': '通知设置已保存' },
  applicationSwitchedOn: { 'en-US': 'The application is on for the company', 'zh-CN': '已为公司开启该应用' },
  applicationSwitchedOff: {
    'en-US': 'The application is off for the company: its menu entries are hidden for everyone',
    'zh-CN': '已为公司关闭该应用，所有人的菜单中都不再显示它',
  },
  moduleNotLicensed: {
    'en-US': 'This module is not licensed or its licence has expired: it is read-only until a licence is installed',
    'zh-CN': '该模块未获许可或许可已过期：在安装许可之前只能查看',
  },
  licenceInstalled: { 'en-US': 'Licence {number} installed', 'zh-CN': '许可 {number} 已安装' },
  licenceMalformed: { 'en-US': 'This is not a licence token', 'zh-CN': '这不是许可令牌' },
  licenceUnknownKey: {
    'en-US': 'The licence was signed by a key this installation does not trust ({keyId})',
    'zh-CN': '签署该许可的密钥（{keyId}）不受本系统信任',
  },
  licenceBadSignature: { 'en-US': 'The licence signature is not valid', 'zh-CN': '许可签名无效' },
  licenceOtherCompany: { 'en-US': 'This licence was issued to another company', 'zh-CN': '该许可是签发给其他公司的' },
  licenceExpired: { 'en-US': 'This licence has expired', 'zh-CN': '该许可已过期' },
  applicationNotBuilt: {
    'en-US': 'This application is not available in this build, so it cannot be switched',
    'zh-CN': '此版本不提供该应用，无法切换',
  },
  wechatLoginNotAvailable: {
    'en-US': 'Sign-in with WeChat is not available in this build; use single sign-on (OpenID Connect) or your password',
    'zh-CN': '此版本不提供微信登录；请使用单点登录（OpenID Connect）或密码登录',
  },
  faceSyncNotAvailable: {
    'en-US': 'Face data sync is not available in this build: it needs a vendor face-recognition service',
    'zh-CN': '此版本不提供人脸数据同步：该功能需要厂商的人脸识别服务',
  },
  smsNotAvailable: {
    'en-US': 'Text messages (SMS) are not available in this build: notifications go out by e-mail',
    'zh-CN': '此版本不提供短信服务：通知通过邮件发送',
  },
  activationCodesIssued: { 'en-US': '{count} activation code(s) issued', 'zh-CN': '已生成 {count} 个激活码' },
  doorDisplayUpdated: { 'en-US': 'Door display updated', 'zh-CN': '门口屏已更新' },
  doorDisplaysCancelled: { 'en-US': '{count} door display(s) cancelled', 'zh-CN': '已注销 {count} 台门口屏' },
  doorDisplaySafetyPasswordRequired: {
    'en-US': 'Enter the safety password: this signs out an activated door display',
    'zh-CN': '请输入安全密码：此操作会注销已激活的门口屏',
  },
  activationCodeInvalid: {
    'en-US': 'The activation code is wrong, used or cancelled. Ask an administrator for a new one',
    'zh-CN': '激活码错误、已使用或已注销，请向管理员获取新的激活码',
  },
  activationCodeThrottled: {
    'en-US': 'Too many wrong activation codes. Please try again in {minutes} minutes',
    'zh-CN': '激活码错误次数过多，请 {minutes} 分钟后再试',
  },
  deviceReadingInFuture: { 'en-US': 'A reading cannot be dated in the future', 'zh-CN': '读数时间不能晚于当前时间' },
  deviceTokenInvalid: { 'en-US': 'Device token invalid, please activate the display again', 'zh-CN': '设备令牌无效，请重新激活门口屏' },
  exitPasswordWrong: { 'en-US': 'Exit password wrong', 'zh-CN': '退出密码错误' },
  exitPasswordNotSet: { 'en-US': 'No exit password is set for this room', 'zh-CN': '该会议室未设置退出密码' },
  screenSettingAdded: { 'en-US': 'Booking-screen settings added', 'zh-CN': '门口屏设置已添加' },
  screenSettingUpdated: { 'en-US': 'Booking-screen settings saved', 'zh-CN': '门口屏设置已保存' },
  screenSettingDeleted: { 'en-US': 'Booking-screen settings deleted', 'zh-CN': '门口屏设置已删除' },
  screenSettingRoomTaken: {
    'en-US': 'Room {room} already belongs to the screen group "{title}"',
    'zh-CN': '会议室 {room} 已属于门口屏分组“{title}”',
  },
  lightCycleAdded: { 'en-US': 'Light cycle added', 'zh-CN': '亮屏周期添加成功' },
  lightCycleUpdated: { 'en-US': 'Light cycle updated', 'zh-CN': '亮屏周期修改成功' },
  lightCycleDeleted: { 'en-US': 'Light cycle deleted', 'zh-CN': '亮屏周期删除成功' },
  lightCycleOverlaps: {
    'en-US': 'The light cycle overlaps another cycle of this display on a shared day',
    'zh-CN': '该亮屏周期与此设备的另一个周期在同一天内时间重叠',
  },
  // locations and rooms
  locationNotFound: { 'en-US': 'The location does not exist', 'zh-CN': '位置不存在' },
  locationParentNotFound: { 'en-US': 'The parent location does not exist', 'zh-CN': '上级位置不存在' },
  locationLevelNotAllowed: {
    'en-US': 'This kind of location cannot be added here (country > city > campus > building > floor > room)',
    'zh-CN': '此处不能添加该类型的位置（国家 > 城市 > 园区 > 楼宇 > 楼层 > 会议室）',
  },
  locationTimeZoneRequired: { 'en-US': 'A building needs its time zone', 'zh-CN': '楼宇需要设置时区' },
  locationTimeZoneOnlyBuilding: {
    'en-US': 'Only a building has a time zone and an address; floors and rooms inherit them',
    'zh-CN': '只有楼宇可以设置时区和地址，楼层和会议室继承楼宇的设置',
  },
  locationRoomUseRoomCall: {
    'en-US': 'Rooms are added and edited with the room form',
    'zh-CN': '会议室请通过会议室表单添加和编辑',
  },
  locationHasReservations: {
    'en-US': 'Cannot delete: {count} upcoming reservation(s) in rooms under this location; cancel or move them first',
    'zh-CN': '无法删除：该位置下的会议室还有 {count} 个未开始的预订，请先取消或改期',
  },
  locationMoveFirst: { 'en-US': 'The location is already the first among its siblings', 'zh-CN': '该位置已经是同级中的第一个' },
  locationMoveLast: { 'en-US': 'The location is already the last among its siblings', 'zh-CN': '该位置已经是同级中的最后一个' },
  locationIconNotOwn: { 'en-US': 'The region icon must be an image uploaded to this company', 'zh-CN': '区域图标必须是本公司上传的图片' },
  roomNotFound: { 'en-US': 'The meeting room does not exist', 'zh-CN': '会议室不存在' },
  roomFloorNotFound: { 'en-US': 'Choose the floor the room is on', 'zh-CN': '请选择会议室所在的楼层' },
  roomImageNotOwn: { 'en-US': 'The background image must be an image uploaded to this company', 'zh-CN': '背景图片必须是本公司上传的图片' },
  roomTypeNotFound: { 'en-US': 'The room type does not exist', 'zh-CN': '会议室类型不存在' },
  roomTypeDisabled: { 'en-US': 'The room type {name} is disabled', 'zh-CN': '会议室类型 {name} 已停用' },
  roomTypeZoomMix: {
    'en-US': 'A Zoom room cannot change to a standard room type, nor a standard room to a Zoom type',
    'zh-CN': 'Zoom 会议室不能改为普通会议室类型，普通会议室也不能改为 Zoom 类型',
  },
  roomTypeKindInUse: {
    'en-US': 'The kind of a room type cannot change while {count} room(s) use it',
    'zh-CN': '仍有 {count} 个会议室使用该类型，不能更改其种类',
  },
  roomTypeInUse: {
    'en-US': 'The room type is used by {count} room(s); give them another type first',
    'zh-CN': '该类型仍被 {count} 个会议室使用，请先为它们更换类型',
  },
  roomTypeCodeTaken: { 'en-US': 'The type code {code} is already used', 'zh-CN': '类型编码 {code} 已被使用' },
  disablePeriodTimesRequired: { 'en-US': 'Please choose the disable time', 'zh-CN': '请选择禁用时间' },
  disablePeriodStartAfterEnd: { 'en-US': 'The start time cannot be later than the end time', 'zh-CN': '开始时间不能晚于结束时间' },
  disablePeriodTooShort: { 'en-US': 'The disable time must be at least 1 hour long', 'zh-CN': '禁用时间至少为 1 小时' },
  disablePeriodEndTooSoon: {
    'en-US': 'The end time must be at least 1 hour after now',
    'zh-CN': '结束时间必须晚于当前时间至少 1 小时',
  },
  disablePeriodNotFound: { 'en-US': 'The disable period does not exist', 'zh-CN': '禁用时段不存在' },
  reservationRoomRequired: { 'en-US': 'Please choose the meeting room', 'zh-CN': '请选择会议室' },
  reservationTitleRequired: { 'en-US': 'Please enter the meeting title', 'zh-CN': '请输入会议主题' },
  reservationTimeRequired: { 'en-US': 'Please choose the meeting date, start time and end time', 'zh-CN': '请选择会议日期、开始时间和结束时间' },
  reservationStartAfterEnd: { 'en-US': 'The start time must be earlier than the end time', 'zh-CN': '开始时间必须早于结束时间' },
  reservationTooLong: { 'en-US': 'A meeting can last at most {minutes} minutes', 'zh-CN': '会议时长最多为 {minutes} 分钟' },
  reservationOutsideDays: { 'en-US': 'Rooms cannot be booked on this day of the week (the room\'s time zone: {zone})', 'zh-CN': '该日不开放会议室预订（会议室所在时区：{zone}）' },
  reservationOutsideHours: { 'en-US': 'Rooms can be booked between {start} and {end} only (the room\'s time zone: {zone})', 'zh-CN': '会议室仅可在 {start} 至 {end} 之间预订（会议室所在时区：{zone}）' },
  reservationInPast: { 'en-US': 'The start time cannot be earlier than now', 'zh-CN': '开始时间不能早于当前时间' },
  reservationTooFarAhead: { 'en-US': 'Meetings can be booked at most {days} days ahead', 'zh-CN': '最多只能提前 {days} 天预订会议' },
  reservationRoomUnavailable: { 'en-US': 'The meeting room is not available for booking', 'zh-CN': '该会议室不可预订' },
  reservationRoomDisabled: {
    'en-US': 'The meeting room is disabled (maintenance) from {start} to {end}',
    'zh-CN': '该会议室在 {start} 至 {end} 期间禁用（维护中）',
  },
  reservationConflict: {
    'en-US': 'The room is already booked from {start} to {end} for "{title}"',
    'zh-CN': '该会议室在 {start} 至 {end} 已被预订（“{title}”）',
  },
  reservationConflictBusy: { 'en-US': 'The room is busy from {start} to {end}', 'zh-CN': '该会议室在 {start} 至 {end} 忙碌' },
  reservationConflictUnknown: {
    'en-US': 'The room was just booked for this time by someone else; please choose another time',
    'zh-CN': '该时段刚被他人预订，请选择其他时间',
  },
  reservationBookerBlacklisted: {
    'en-US': 'You are barred from booking meeting rooms (reason: {reason}); please contact an administrator',
    'zh-CN': '您已被禁止预订会议室（原因：{reason}），请联系管理员',
  },
  reservationBookerBlacklistedUntil: {
    'en-US': 'You are barred from booking meeting rooms until {until} (reason: {reason})',
    'zh-CN': '您在 {until} 之前被禁止预订会议室（原因：{reason}）',
  },
  calendarNotShared: { 'en-US': 'This calendar has not been shared with you', 'zh-CN': '该日历未共享给您' },
  calendarShareNotAllowed: { 'en-US': 'Only the owner or a manager of this calendar can change who sees it', 'zh-CN': '只有日历所有者或管理者可以修改共享设置' },
  calendarShareSelf: { 'en-US': 'A calendar cannot be shared with its owner', 'zh-CN': '不能将日历共享给其所有者' },
  calendarShareNotFound: { 'en-US': 'The colleague does not exist or is not active', 'zh-CN': '该同事不存在或未启用' },
  calendarShareSaved: { 'en-US': 'Sharing saved', 'zh-CN': '共享设置已保存' },
  calendarShareRemoved: { 'en-US': 'Sharing removed', 'zh-CN': '已取消共享' },
  reservationNotFound: { 'en-US': 'The meeting does not exist', 'zh-CN': '会议不存在' },
  reservationNotHost: { 'en-US': 'Only the host can change or cancel this meeting', 'zh-CN': '只有主持人可以修改或取消该会议' },
  reservationNotActive: { 'en-US': 'The meeting has been cancelled or rejected', 'zh-CN': '该会议已取消或已被驳回' },
  reservationEnded: { 'en-US': 'The meeting has already ended', 'zh-CN': '该会议已结束' },
  reservationParticipantNotFound: { 'en-US': 'An attendee does not exist', 'zh-CN': '参会人不存在' },
  reservationRangeInvalid: {
    'en-US': 'The period must end after it starts and span at most {days} days',
    'zh-CN': '查询时段的结束须晚于开始，且最长 {days} 天',
  },
  reservationCreated: { 'en-US': 'The meeting has been booked', 'zh-CN': '会议预订成功' },
  reservationPending: { 'en-US': 'The booking has been submitted for approval', 'zh-CN': '预订已提交审批' },
  reservationCancelled: { 'en-US': 'The meeting has been cancelled', 'zh-CN': '会议已取消' },
  reservationSeriesConflict: {
    'en-US': '{count} of {total} occurrences clash with other meetings or cannot be booked then; nothing was saved',
    'zh-CN': '{total} 次会议中有 {count} 次与其他会议冲突或该时段无法预订，未保存任何预订',
  },
  reservationSeriesCreated: { 'en-US': '{booked} meetings of the series have been booked', 'zh-CN': '已预订该周期会议中的 {booked} 场会议' },
  reservationSeriesPending: {
    'en-US': '{booked} bookings of the series have been submitted for approval',
    'zh-CN': '该周期会议中的 {booked} 场预订已提交审批',
  },
  reservationSeriesCancelled: { 'en-US': '{count} meetings of the series have been cancelled', 'zh-CN': '已取消该周期会议中的 {count} 场会议' },
  approvalNotPending: { 'en-US': 'The request is no longer under approval', 'zh-CN': '该申请已不在审批中' },
  approvalExpired: { 'en-US': 'The request expired: its approval deadline has passed', 'zh-CN': '该申请已过审批截止时间，已失效' },
  approvalOwnRequest: { 'en-US': 'You cannot approve or reject your own request', 'zh-CN': '不能审批自己提交的申请' },
  approvalNotCreator: { 'en-US': 'Only the person who made the request can withdraw it', 'zh-CN': '只有申请人可以撤回该申请' },
  approvalReasonRequired: { 'en-US': 'Please enter the reason for rejecting', 'zh-CN': '请输入驳回原因' },
  approvalNotSeries: { 'en-US': 'The request is not part of a repeating series', 'zh-CN': '该申请不属于周期会议' },
  approvalApproved: { 'en-US': 'The request has been approved', 'zh-CN': '已通过该申请' },
  approvalRejected: { 'en-US': 'The request has been rejected', 'zh-CN': '已驳回该申请' },
  approvalWithdrawn: { 'en-US': 'The request has been withdrawn', 'zh-CN': '已撤回该申请' },
  liveBoardNotFound: { 'en-US': 'This board link does not exist or has been revoked', 'zh-CN': '该看板链接不存在或已被撤销' },
  liveBoardLinkCreated: { 'en-US': 'The board link has been created; copy it now, it is shown only once', 'zh-CN': '看板链接已创建，请立即复制，仅显示一次' },
  liveBoardLinkRevoked: { 'en-US': 'The board link has been revoked', 'zh-CN': '看板链接已撤销' },
  // Check-in, early end and the door display page.
  checkInNotEnabled: { 'en-US': 'This room does not use check-in', 'zh-CN': '该会议室未开启签到' },
  reservationNotDelegate: {
    'en-US': 'You can book for a colleague only when they share their calendar with you as an editor or manager',
    'zh-CN': '只有同事以编辑者或管理者身份向您共享日历时，您才能代其预订',
  },
  // Calendar feeds.
  calendarFeedNotFound: { 'en-US': 'This calendar link does not exist or has been revoked', 'zh-CN': '该日历链接不存在或已被撤销' },
  calendarFeedCreated: { 'en-US': 'The calendar link has been created; copy it now, it is shown only once', 'zh-CN': '日历链接已创建，请立即复制，仅显示一次' },
  calendarFeedRevoked: { 'en-US': 'The calendar link has been revoked; subscribers no longer receive updates', 'zh-CN': '日历链接已撤销，订阅方将不再收到更新' },
  // Calendar sync (/account, /third-party*).
  calendarSyncFailed: { 'en-US': 'Calendar resource invalid or failed to sync', 'zh-CN': '日历资源无效或同步失败' },
  calendarTokenInvalid: { 'en-US': 'Token invalid', 'zh-CN': '令牌无效' },
  calendarResourcesUnavailable: { 'en-US': 'Failed to obtain third-party resources', 'zh-CN': '获取第三方资源失败' },
  calendarConnectionNotFound: { 'en-US': 'This calendar connection does not exist', 'zh-CN': '该日历连接不存在' },
  calendarKindNotAvailable: { 'en-US': 'This calendar service cannot be connected yet', 'zh-CN': '暂不支持连接该日历服务' },
  calendarAuthAddressNotNeeded: {
    'en-US': 'A CalDAV connection signs in with its account and password; it has no consent page',
    'zh-CN': 'CalDAV 连接使用账号和密码登录，没有授权页面',
  },
  calendarCollectionUnknown: { 'en-US': "This calendar is not among the account's calendars", 'zh-CN': '该日历不在此账号的日历中' },
  calendarCollectionTaken: { 'en-US': 'This calendar is already linked to another meeting room', 'zh-CN': '该日历已关联到其他会议室' },
  calendarConnectionCreated: { 'en-US': 'The calendar service has been connected', 'zh-CN': '日历服务已连接' },
  calendarConnectionSaved: { 'en-US': 'Calendar settings saved', 'zh-CN': '日历设置已保存' },
  calendarConnectionRemoved: { 'en-US': 'The calendar service has been disconnected', 'zh-CN': '日历服务已断开' },
  calendarSynced: { 'en-US': 'Calendars synced', 'zh-CN': '日历已同步' },
  calendarNotAuthorised: {
    'en-US': 'This calendar account has not been authorised yet: choose Authorise and approve the access at the provider',
    'zh-CN': '该日历账号尚未授权：请点击“授权”并在服务商页面同意访问',
  },
  calendarServerAddressInvalid: {
    'en-US': 'The service address must use https (http only on 127.0.0.1 or localhost)',
    'zh-CN': '服务地址必须使用 https（仅 127.0.0.1 或 localhost 可用 http）',
  },
  // The booking blacklist page.
  blacklistUserNotFound: { 'en-US': 'This colleague does not exist or is switched off', 'zh-CN': '该同事不存在或已停用' },
  blacklistEntryNotFound: { 'en-US': 'This blacklist entry does not exist', 'zh-CN': '该黑名单记录不存在' },
  blacklistSelf: { 'en-US': 'You cannot bar yourself from booking', 'zh-CN': '不能将自己加入预订黑名单' },
  blacklistEndBeforeStart: { 'en-US': 'The end must be after the start', 'zh-CN': '结束时间必须晚于开始时间' },
  blacklistAlready: { 'en-US': '{name} is already barred from booking; lift that entry first', 'zh-CN': '{name} 已在预订黑名单中，请先解除该记录' },
  blacklistNotOpen: { 'en-US': 'This entry has already ended or been lifted', 'zh-CN': '该记录已结束或已解除' },
  blacklistAdded: { 'en-US': 'The colleague can no longer book rooms', 'zh-CN': '该同事已不能预订会议室' },
  blacklistLifted: { 'en-US': 'The colleague can book rooms again', 'zh-CN': '该同事已可以重新预订会议室' },
  // Visitors (decision 0018).
  visitReasonAdded: { 'en-US': 'The visit reason has been added', 'zh-CN': '来访事由已添加' },
  visitReasonUpdated: { 'en-US': 'The visit reason has been renamed', 'zh-CN': '来访事由已修改' },
  visitReasonDeleted: { 'en-US': 'The visit reason has been deleted; past visits keep its name', 'zh-CN': '来访事由已删除，过往来访记录保留其名称' },
  visitReasonTaken: { 'en-US': 'The visit reason "{name}" already exists', 'zh-CN': '来访事由“{name}”已存在' },
  visitReasonNotFound: { 'en-US': 'This visit reason does not exist', 'zh-CN': '该来访事由不存在' },
  visitHostNotFound: { 'en-US': 'The host does not exist or is switched off', 'zh-CN': '被访人不存在或已停用' },
  visitLocationNotFound: { 'en-US': 'The visit location does not exist', 'zh-CN': '来访位置不存在' },
  visitContactMissing: { 'en-US': 'Give an e-mail address or a phone number for {name}', 'zh-CN': '请填写 {name} 的邮箱或手机号码' },
  visitContactRepeated: { 'en-US': '{value} is given for two visitors of this invitation', 'zh-CN': '{value} 在本次邀请中被两位访客重复使用' },
  visitInPast: { 'en-US': 'The visit time has passed; choose a time from now on', 'zh-CN': '来访时间已过，请选择当前或之后的时间' },
  visitEndBeforeStart: { 'en-US': 'The expected end must be after the visit time', 'zh-CN': '预计离开时间必须晚于来访时间' },
  visitCompanionsNeedGroup: { 'en-US': 'Only a group visitor brings companions', 'zh-CN': '只有团体访客可以添加随行人员' },
  visitInvited: { 'en-US': 'The visitor has been invited', 'zh-CN': '访客已邀请' },
  visitNotFound: { 'en-US': 'This visit does not exist', 'zh-CN': '该来访记录不存在' },
  visitNotCancellable: { 'en-US': 'This visit can no longer be cancelled', 'zh-CN': '该来访已无法取消' },
  visitCancelled: { 'en-US': 'The visit has been cancelled', 'zh-CN': '来访已取消' },
  visitCheckInTooEarly: { 'en-US': 'Check-in opens {hours} hours before the visit time', 'zh-CN': '签到在来访时间前 {hours} 小时开放' },
  visitNotCheckable: { 'en-US': 'This visit can no longer be checked in', 'zh-CN': '该来访已无法签到' },
  visitNotCheckedIn: { 'en-US': 'Only a visitor who is checked in can be checked out', 'zh-CN': '只有已签到的访客才能签退' },
  visitCheckedIn: { 'en-US': '{name} is checked in', 'zh-CN': '{name} 已签到' },
  visitCheckedOut: { 'en-US': '{name} is checked out', 'zh-CN': '{name} 已签退' },
  visitWatchAdded: { 'en-US': '{name} is on the watchlist', 'zh-CN': '{name} 已加入访客关注名单' },
  visitWatchUpdated: { 'en-US': 'The watchlist entry has been saved', 'zh-CN': '访客关注名单条目已保存' },
  visitWatchDeleted: { 'en-US': 'The watchlist entry has been deleted', 'zh-CN': '访客关注名单条目已删除' },
  visitWatchNotFound: { 'en-US': 'This watchlist entry does not exist', 'zh-CN': '该访客关注名单条目不存在' },
  visitNotAllowed: { 'en-US': '{name} cannot be invited; please contact reception', 'zh-CN': '无法邀请 {name}，请联系前台' },
  visitCheckInAtReception: { 'en-US': 'Reception checks this visitor in', 'zh-CN': '该访客需由前台办理签到' },
  visitCheckInRefused: { 'en-US': 'This visitor cannot be checked in; please contact reception', 'zh-CN': '该访客无法签到，请联系前台' },
  visitorSettingsSaved: { 'en-US': 'Visitor preferences saved', 'zh-CN': '访客偏好设置已保存' },
  visitAtAnotherPlace: { 'en-US': 'This visit is at {place}; please check in there', 'zh-CN': '本次来访位置为 {place}，请前往该位置签到' },
  visitorDeviceAdded: { 'en-US': 'The device has been added', 'zh-CN': '设备已添加' },
  visitorDeviceSaved: { 'en-US': 'The device has been saved', 'zh-CN': '设备已保存' },
  visitorDevicesDeleted: { 'en-US': 'The devices have been deleted', 'zh-CN': '设备已删除' },
  visitorDeviceNotFound: { 'en-US': 'This device does not exist', 'zh-CN': '该设备不存在' },
  visitorPrinterElsewhere: { 'en-US': "Choose one of this place's printers", 'zh-CN': '请选择该位置的打印机' },
  visitorReceptionistsSaved: { 'en-US': "The place's receptionists have been saved", 'zh-CN': '该位置的前台人员已保存' },
  visitorReceptionistWithoutArea: { 'en-US': '{name} has no reception permission (visitor display); give their role it first', 'zh-CN': '{name} 没有前台权限（访客与前台显示），请先为其角色授予该权限' },
  visitorPlaceSaved: { 'en-US': 'The sign-in window has been saved', 'zh-CN': '签到时段已保存' },
  kioskWithoutPrinter: { 'en-US': 'This kiosk has no badge printer; please collect your badge at reception', 'zh-CN': '此访客机未连接访客证打印机，请到前台领取访客证' },
  kioskThemeSaved: { 'en-US': 'The visitor kiosk theme has been saved', 'zh-CN': '访客机主题已保存' },
  visitPassInvalid: { 'en-US': 'This visit link is not valid; ask your host for a new invitation', 'zh-CN': '该来访链接无效，请联系被访人重新邀请' },
  visitPassExpired: { 'en-US': 'This visit link has expired', 'zh-CN': '该来访链接已过期' },
  visitPassConfirmed: { 'en-US': 'Thank you, your visit is confirmed', 'zh-CN': '谢谢，您的来访已确认' },
  visitPassClosed: { 'en-US': 'This visit can no longer be changed', 'zh-CN': '该来访已无法修改' },
  visitPassErased: { 'en-US': 'Your details and this visit have been erased', 'zh-CN': '您的信息及本次来访记录已删除' },
  visitExportTooLarge: {
    'en-US': 'The export would hold more than {max} visits; narrow the dates or the filters',
    'zh-CN': '导出的来访记录超过 {max} 条，请缩小日期范围或筛选条件',
  },
  operationLogExportTooLarge: {
    'en-US': 'The export would hold more than {max} entries; narrow the dates or the filters',
    'zh-CN': '导出的操作日志超过 {max} 条，请缩小日期范围或筛选条件',
  },
  organizationExportTooLarge: {
    'en-US': 'The export would hold more than {max} people; narrow the search',
    'zh-CN': '导出的人员超过 {max} 人，请缩小搜索范围',
  },
  frontendLogThrottled: {
    'en-US': 'Too many error reports from this session; please try again in {minutes} minutes',
    'zh-CN': '本会话上报的错误过多，请 {minutes} 分钟后再试',
  },
  visitAwaitingApproval: { 'en-US': 'This visit is waiting for its host to approve it', 'zh-CN': '该来访正在等待被访人审批' },
  visitApplicationRejected: { 'en-US': 'This visit was not approved', 'zh-CN': '该来访未获批准' },
  visitApplicationDecided: { 'en-US': 'This application has already been decided', 'zh-CN': '该来访申请已处理' },
  visitApplicationAtReception: { 'en-US': 'Reception decides this application', 'zh-CN': '该来访申请需由前台审批' },
  visitApproved: { 'en-US': '{name} is approved', 'zh-CN': '已批准 {name} 来访' },
  visitRejected: { 'en-US': '{name} is not approved; the visitor is told why', 'zh-CN': '已驳回 {name} 的来访申请，访客将收到原因' },
  visitWalkInRefused: { 'en-US': 'We cannot register you here; please see reception', 'zh-CN': '无法为您登记，请前往前台' },
  visitRegistered: { 'en-US': 'Thank you; your host has been asked to approve your visit', 'zh-CN': '谢谢，已通知被访人审批您的来访' },
  visitRegisterLinkInvalid: { 'en-US': 'This registration link is not valid; please see reception', 'zh-CN': '该登记链接无效，请前往前台' },
  visitRegisterLinkExpired: { 'en-US': 'This registration link has expired; please see reception', 'zh-CN': '该登记链接已过期，请前往前台' },
  visitWalkInClosed: { 'en-US': 'Walk-ins are not received here for this reason; please contact your host or reception', 'zh-CN': '此处不接待该事由的现场访客，请联系被访人或前台' },
  visitRuleSaved: { 'en-US': 'The visit rule has been saved', 'zh-CN': '来访规则已保存' },
  visitRuleDeleted: { 'en-US': 'The visit rule has been deleted', 'zh-CN': '来访规则已删除' },
  visitRuleNotFound: { 'en-US': 'This visit rule does not exist', 'zh-CN': '该来访规则不存在' },
  visitStepsMissing: {
    'en-US': 'Before check-in, the visitor signs the agreement, gives a photo or answers the questions this visit asks: on their visit link or at the kiosk',
    'zh-CN': '签到前，访客需在来访链接页面或访客机上完成本次来访要求的事项（签署保密协议、提供照片或回答问题）',
  },
  visitMoreVisitorsNotGroup: { 'en-US': 'A group visitor brings companions; invite further visitors as individuals', 'zh-CN': '团体访客请添加同行人；如需邀请多位访客，请选择个人访客' },
  visitInviteTooMany: { 'en-US': 'One invitation makes at most {max} visits; invite fewer visitors or fewer dates', 'zh-CN': '一次邀请最多生成 {max} 条来访，请减少访客或日期' },
  visitStepNotAsked: { 'en-US': 'This visit does not ask for this', 'zh-CN': '本次来访无需此项' },
  visitNdaSigned: { 'en-US': 'Thank you, the agreement is signed', 'zh-CN': '谢谢，保密协议已签署' },
  visitNdaSignedAlready: { 'en-US': 'The agreement is already signed', 'zh-CN': '保密协议已签署' },
  visitPhotoSaved: { 'en-US': 'Thank you, your photo is saved', 'zh-CN': '谢谢，照片已保存' },
  visitAnswersSaved: { 'en-US': 'Thank you, your answers are saved', 'zh-CN': '谢谢，您的回答已保存' },
  visitAnswersSeeReception: { 'en-US': 'Thank you; because of your answers, please see reception when you arrive', 'zh-CN': '谢谢。根据您的回答，到达后请前往前台' },
  visitAnsweredAlready: { 'en-US': 'The questions are already answered', 'zh-CN': '问题已回答' },
  visitAnswersCount: { 'en-US': 'Answer each of the {count} questions', 'zh-CN': '请回答全部 {count} 个问题' },
  visitDocumentMissing: { 'en-US': 'This document is not kept: it was not given, or it was deleted after its retention', 'zh-CN': '该文件不存在：未提供，或已超过保留期限被删除' },
  visitRetentionPastVisit: { 'en-US': 'A photo or a signed agreement cannot be kept longer than its visit ({days} days)', 'zh-CN': '照片或已签保密协议的保留天数不能超过来访记录（{days} 天）' },
  visitBadgeCancelled: { 'en-US': 'This visit is cancelled; it has no badge to print', 'zh-CN': '该来访已取消，无法打印访客证' },
  bookingPreferencesSaved: { 'en-US': 'Booking preferences saved; they apply to new bookings and changes from now on', 'zh-CN': '预订偏好已保存，自现在起对新的预订和修改生效' },
  checkInByQrOnly: { 'en-US': 'This room checks in by scanning its QR code at the door', 'zh-CN': '该会议室需在门口扫描二维码签到' },
  checkInNotOnScreen: { 'en-US': "Checking in on this display is switched off; scan the room's QR code", 'zh-CN': '该门口屏未开启屏幕签到，请扫描会议室二维码' },
  checkInTooEarly: { 'en-US': 'Check-in opens at {time}', 'zh-CN': '签到将于 {time} 开始' },
  checkInTooLate: { 'en-US': 'The check-in window closed at {time}', 'zh-CN': '签到已于 {time} 截止' },
  checkInAlready: { 'en-US': 'The meeting is already checked in', 'zh-CN': '该会议已签到' },
  checkInNotAttendee: { 'en-US': 'Only the host or a participant can do this', 'zh-CN': '只有主持人或参会人可以进行此操作' },
  checkInNotConfirmed: { 'en-US': 'Only a confirmed meeting can be checked in or ended', 'zh-CN': '只有已确认的会议可以签到或结束' },
  checkInNoMeeting: { 'en-US': 'You have no meeting to check in to in this room now', 'zh-CN': '您当前在该会议室没有可签到的会议' },
  checkedIn: { 'en-US': 'Checked in', 'zh-CN': '签到成功' },
  endEarlyNotRunning: { 'en-US': 'Only a meeting under way can be ended', 'zh-CN': '只有进行中的会议可以结束' },
  endEarlyNotAllowed: { 'en-US': 'Ending meetings early is switched off for this display', 'zh-CN': '该门口屏未开启提前结束会议' },
  reservationEndedEarly: { 'en-US': 'The meeting has ended; the room is free', 'zh-CN': '会议已结束，会议室已释放' },
  padBookingOff: { 'en-US': 'Booking at the door is switched off for this room', 'zh-CN': '该会议室未开启门口屏预订' },
  padBookingMinutes: { 'en-US': 'Book between {min} and {max} minutes', 'zh-CN': '预订时长须在 {min} 至 {max} 分钟之间' },
  padBookingNeedsApproval: { 'en-US': 'This room needs approval; book it in the console', 'zh-CN': '该会议室需要审批，请在控制台预订' },
  padWalkInTitle: { 'en-US': 'Booked at the door', 'zh-CN': '门口屏现场预订' },
  // Broadcast notices (/broadcast).
  broadcastNotFound: { 'en-US': 'This notice does not exist', 'zh-CN': '该广播不存在' },
  broadcastDeviceNotFound: { 'en-US': 'A chosen door display does not exist or has been cancelled', 'zh-CN': '所选门口屏不存在或已注销' },
  broadcastLocationNotFound: { 'en-US': 'A chosen location does not exist', 'zh-CN': '所选位置不存在' },
  broadcastImageNotFound: { 'en-US': 'The chosen image does not exist; choose another', 'zh-CN': '所选图片不存在，请重新选择' },
  broadcastEndBeforeStart: { 'en-US': 'The end must be after the start', 'zh-CN': '结束时间必须晚于开始时间' },
  broadcastEndInPast: { 'en-US': 'The end must be in the future', 'zh-CN': '结束时间必须晚于当前时间' },
  broadcastTooLong: { 'en-US': 'A notice that does not repeat runs at most {days} days', 'zh-CN': '不重复的广播最长持续 {days} 天' },
  broadcastRepeatWindow: { 'en-US': "A repeating notice's daily showing must be shorter than a day", 'zh-CN': '重复广播每天的展示时长须少于一天' },
  broadcastRepeatUntilBeforeStart: { 'en-US': 'The repeat must end after the start', 'zh-CN': '重复结束日期必须晚于开始时间' },
  broadcastRepeatTooFar: { 'en-US': 'A notice repeats at most {days} days from its start', 'zh-CN': '广播最多从开始时间起重复 {days} 天' },
  broadcastAlreadyEnded: { 'en-US': 'This notice has ended and can no longer be changed', 'zh-CN': '该广播已结束，无法再修改' },
  broadcastImagesFull: { 'en-US': 'At most {max} custom images; delete one before uploading another', 'zh-CN': '自定义图片最多 {max} 张，请先删除一张再上传' },
  broadcastImageInUse: {
    'en-US': 'This image is shown by {count} notice(s) that have not ended; choose another image for them or end them first',
    'zh-CN': '该图片正被 {count} 条未结束的广播使用，请先为其更换图片或结束广播',
  },
  broadcastCreated: { 'en-US': 'The notice has been published', 'zh-CN': '广播已发布' },
  broadcastUpdated: { 'en-US': 'The notice has been saved', 'zh-CN': '广播已保存' },
  broadcastEnded: { 'en-US': 'The notice has ended; door displays no longer show it', 'zh-CN': '广播已结束，门口屏将不再展示' },
  broadcastDeleted: { 'en-US': 'The notice has been deleted', 'zh-CN': '广播已删除' },
  broadcastImageUploaded: { 'en-US': 'The image has been uploaded', 'zh-CN': '图片已上传' },
  broadcastImageDeleted: { 'en-US': 'The image has been deleted', 'zh-CN': '图片已删除' },
  // Reports and data analysis.
  reportNoData: { 'en-US': 'No data to export', 'zh-CN': '暂无可导出的数据' },
  reportRangeInvalid: {
    'en-US': 'Choose a custom range with a start before its end, at most {days} days long',
    'zh-CN': '请选择开始早于结束、最长 {days} 天的自定义时间范围',
  },
  reportExportTooLarge: {
    'en-US': 'The export would hold more than {max} meetings; narrow the time or the filters',
    'zh-CN': '导出的会议超过 {max} 条，请缩小时间范围或筛选条件',
  },
  // Issue 16: Idempotency-Key on booking writes (docs/decisions/0010).
  idempotencyKeyInvalid: {
    'en-US': 'The Idempotency-Key header must be 1 to 255 printable ASCII characters',
    'zh-CN': 'Idempotency-Key 请求头须为 1 到 255 个可打印的 ASCII 字符',
  },
  idempotencyKeyReused: {
    'en-US': 'This Idempotency-Key was already used for a different request; send a new key with a new request',
    'zh-CN': '该 Idempotency-Key 已用于另一个请求，新的请求请使用新的键',
  },
  idempotencyKeyInProgress: {
    'en-US': 'The same request is still being processed; please try again in a moment',
    'zh-CN': '相同的请求仍在处理中，请稍后再试',
  },
  // Issue 16: secrets never readable (activation links without a mail server, registration needs mail).
  activationLinkIssued: {
    'en-US': 'A new activation link is ready; earlier links no longer work',
    'zh-CN': '新的激活链接已生成，之前的链接均已失效',
  },
  activationLinkBeyondOwnRole: {
    'en-US': "You cannot bring in a user whose role has more permissions than yours",
    'zh-CN': '不能为权限高于您自己角色的用户生成激活链接',
  },
  registrationNeedsMail: {
    'en-US': 'Creating new companies needs a mail server, and none is configured on this server',
    'zh-CN': '创建新公司需要邮件服务器，本服务器尚未配置',
  },
  // Issue 16: sign-in throttling and device access. Waits up to a minute, in seconds (loginThrottled words longer ones in minutes).
  loginThrottledSeconds: {
    'en-US': 'Too many failed sign-in attempts. Please try again in {seconds} seconds',
    'zh-CN': '登录失败次数过多，请 {seconds} 秒后再试',
  },
  // Issue 16: input hygiene (text rule, malformed multipart).
  textNotAllowed: {
    'en-US': '{field} contains a control character or an invalid character; remove it and try again',
    'zh-CN': '{field} 含有控制字符或无效字符，请删除后重试',
  },
  ldapSkipBadText: {
    'en-US': 'Attribute {attribute} contains a control character or an invalid character',
    'zh-CN': '属性 {attribute} 含有控制字符或无效字符',
  },
  malformedMultipart: {
    'en-US': 'The upload could not be read: the form data is malformed or incomplete',
    'zh-CN': '无法读取上传内容：表单数据格式有误或不完整',
  },
  // Issue 17: door displays, derived states and undo
  reservationRestored: { 'en-US': 'The meeting is back; its attendees have been told', 'zh-CN': '会议已恢复，已通知参会人' },
  reservationRestoreUnavailable: { 'en-US': 'This meeting is not one whose cancellation can be undone', 'zh-CN': '该会议的取消无法撤销' },
  reservationRestoreExpired: {
    'en-US': 'Too late to undo: a cancellation can be undone within {seconds} seconds',
    'zh-CN': '已无法撤销：取消后 {seconds} 秒内才可撤销',
  },
  reservationRestoreNotAllowed: {
    'en-US': 'Only the host or whoever cancelled the meeting can undo its cancellation',
    'zh-CN': '只有主持人或取消会议的人可以撤销取消',
  },
  // Issue 21: desks
  deskSaved: { 'en-US': 'Desk {number} has been saved', 'zh-CN': '工位 {number} 已保存' },
  desksPlaced: { 'en-US': 'The map has been saved', 'zh-CN': '地图已保存' },
  desksDeleted: { 'en-US': '{count} desks have been deleted; their bookings stay in the history', 'zh-CN': '已删除 {count} 个工位，其预订记录仍保留' },
  deskNotFound: { 'en-US': 'This desk does not exist', 'zh-CN': '该工位不存在' },
  mapItemsOtherFloor: { 'en-US': 'Place only desks and rooms of this floor on its map', 'zh-CN': '只能在楼层地图上放置本楼层的工位和会议室' },
  deskFloorNotFound: { 'en-US': 'Choose a floor of the location tree', 'zh-CN': '请选择位置树中的楼层' },
  deskNumberTaken: { 'en-US': 'Desk {number} already exists on this floor', 'zh-CN': '该楼层已有工位 {number}' },
  deskOwnerNotFound: { 'en-US': 'The desk\'s owner is not an active colleague or department of the company', 'zh-CN': '工位的使用人不是本公司在职同事或部门' },
  deskHasBookings: {
    'en-US': 'Desk {number} has bookings still to come; cancel them or make it unavailable first',
    'zh-CN': '工位 {number} 还有未开始的预订，请先取消预订或将其设为不可用',
  },
  neighbourhoodSaved: { 'en-US': 'The neighbourhood "{name}" has been saved', 'zh-CN': '工位分区“{name}”已保存' },
  neighbourhoodDeleted: { 'en-US': 'The neighbourhood has been deleted; its desks stay on the floor', 'zh-CN': '工位分区已删除，其工位仍在该楼层' },
  neighbourhoodNotFound: { 'en-US': 'This neighbourhood does not exist on the desk\'s floor', 'zh-CN': '该楼层没有此工位分区' },
  neighbourhoodNameTaken: { 'en-US': 'The neighbourhood "{name}" already exists on this floor', 'zh-CN': '该楼层已有工位分区“{name}”' },
  deskBooked: { 'en-US': 'Desk {number} is yours from {start} to {end}', 'zh-CN': '已为您预订工位 {number}：{start} 至 {end}' },
  deskBookingCancelled: { 'en-US': 'Your desk booking has been cancelled', 'zh-CN': '您的工位预订已取消' },
  deskCheckedIn: { 'en-US': 'You are checked in at desk {number}', 'zh-CN': '您已在工位 {number} 签到' },
  deskRulesSaved: { 'en-US': 'The desk booking rules have been saved', 'zh-CN': '工位预订规则已保存' },
  deskUnavailable: { 'en-US': 'Desk {number} is out of use', 'zh-CN': '工位 {number} 暂停使用' },
  deskAssignedToOther: { 'en-US': 'Desk {number} is kept for its owner', 'zh-CN': '工位 {number} 为固定工位，仅供其使用人预订' },
  deskNeighbourhoodKept: { 'en-US': 'Desk {number} is in a neighbourhood kept for another department', 'zh-CN': '工位 {number} 所在分区仅供其他部门使用' },
  deskDropInToday: { 'en-US': 'Desk {number} is first come, first served: take it on the day', 'zh-CN': '工位 {number} 先到先得，只能当天使用' },
  deskBookingPast: { 'en-US': 'This time has already passed', 'zh-CN': '该时间已过' },
  deskBookingTooFar: { 'en-US': 'Desks can be booked at most {days} days ahead', 'zh-CN': '工位最多可提前 {days} 天预订' },
  deskBookingTooLong: { 'en-US': 'A desk booking lasts at most {hours} hours', 'zh-CN': '工位单次预订最长 {hours} 小时' },
  deskBookingOneAtATime: { 'en-US': 'You already have a desk at that time', 'zh-CN': '您在该时间已预订了工位' },
  deskBookingWeekFull: { 'en-US': 'You can book a desk on {days} days a week at most', 'zh-CN': '每周最多可预订 {days} 天工位' },
  deskBookingTaken: { 'en-US': 'Desk {number} is already booked between {start} and {end}', 'zh-CN': '工位 {number} 在 {start} 至 {end} 之间已被预订' },
  deskBookingNotFound: { 'en-US': 'This desk booking does not exist', 'zh-CN': '该工位预订不存在' },
  deskBookingNotCancellable: { 'en-US': 'This desk booking has ended or was already cancelled', 'zh-CN': '该工位预订已结束或已取消' },
  deskBookingUserNotFound: { 'en-US': 'Only active colleagues can book desks', 'zh-CN': '只有在职同事可以预订工位' },
  deskCheckInNoBooking: { 'en-US': 'You have no booking of desk {number} now', 'zh-CN': '您当前没有工位 {number} 的预订' },
  deskReleaseNotAssigned: { 'en-US': 'Only a desk assigned to a person can be released', 'zh-CN': '只有分配给个人的固定工位可以释放' },
  deskReleasePast: { 'en-US': 'Days already past cannot be released', 'zh-CN': '已过去的日期不能释放' },
  deskReleaseNotFound: { 'en-US': 'This release does not exist', 'zh-CN': '该释放记录不存在' },
  deskReleased: { 'en-US': 'Desk {number} is free for others from {first} to {last}', 'zh-CN': '工位 {number} 已在 {first} 至 {last} 期间释放给同事预订' },
  deskReleaseTakenBack: { 'en-US': 'Desk {number} is yours again on those days', 'zh-CN': '工位 {number} 在这些日期已收回' },
  deskReleaseKeptBooked: { 'en-US': 'Desk {number} is yours again, except on days colleagues have booked: {days}', 'zh-CN': '工位 {number} 已收回，但同事已预订的日期仍保持释放：{days}' },
  deskSeriesBooked: { 'en-US': '{booked} of {weeks} weeks booked', 'zh-CN': '已预订 {weeks} 周中的 {booked} 周' },
  deskNearColleagueNotFound: { 'en-US': 'This colleague does not exist', 'zh-CN': '该同事不存在' },
  deskUnderRepair: { 'en-US': 'Desk {number} is out of use for a repair', 'zh-CN': '工位 {number} 因维修暂停使用' },
  deskBookingNotForDepartment: { 'en-US': 'Desk booking is not turned on for your department', 'zh-CN': '您所在部门未开通工位预订' },
  deskClosedDay: { 'en-US': 'Desks cannot be booked on {date}: {name}', 'zh-CN': '{date} 不开放工位预订：{name}' },
  deskClosureNotFound: { 'en-US': 'This closure does not exist', 'zh-CN': '该停用日不存在' },
  deskClosureBuildingNotFound: { 'en-US': 'Choose a building of the location tree', 'zh-CN': '请选择位置树中的楼宇' },
  deskClosureTooLong: { 'en-US': 'A closure lasts at most {days} days', 'zh-CN': '停用日最长 {days} 天' },
  deskClosureSaved: { 'en-US': 'The closure has been saved; {count} desk bookings were cancelled', 'zh-CN': '停用日已保存，已取消 {count} 个工位预订' },
  deskClosureDeleted: { 'en-US': 'The closure has been deleted', 'zh-CN': '停用日已删除' },
  deskServiceSaved: { 'en-US': 'Desk booking has been switched for {count} departments', 'zh-CN': '已为 {count} 个部门切换工位预订' },
  deskServiceDepartmentNotFound: { 'en-US': 'A department does not exist', 'zh-CN': '有部门不存在' },
  deskOwnersTold: { 'en-US': '{count} people have been told', 'zh-CN': '已通知 {count} 人' },
  repairReported: { 'en-US': 'Thank you: the problem has been reported', 'zh-CN': '感谢反馈，问题已上报' },
  repairUpdated: { 'en-US': 'The report has been updated', 'zh-CN': '报修单已更新' },
  repairPhotoAdded: { 'en-US': 'The photo has been added', 'zh-CN': '照片已添加' },
  inspectionNotFound: { 'en-US': 'This inspection checklist does not exist', 'zh-CN': '该巡检清单不存在' },
  inspectionAreaNotFound: { 'en-US': 'Choose a building or floor of the location tree', 'zh-CN': '请选择位置树中的楼宇或楼层' },
  inspectionAssigneeNotFound: { 'en-US': 'An inspector is not an active colleague', 'zh-CN': '有巡检人不是在职同事' },
  inspectionNameTaken: { 'en-US': 'A checklist named {name} exists already', 'zh-CN': '已有名为 {name} 的巡检清单' },
  inspectionNotAssigned: { 'en-US': 'This checklist is not assigned to you', 'zh-CN': '该巡检清单未分配给您' },
  inspectionResultsIncomplete: { 'en-US': 'Give a result for every item of the checklist, once', 'zh-CN': '请为清单的每一项各给出一个结果' },
  inspectionDone: { 'en-US': 'This round has been done already', 'zh-CN': '本轮巡检已完成' },
  inspectionSaved: { 'en-US': 'The checklist has been saved', 'zh-CN': '巡检清单已保存' },
  inspectionDeleted: { 'en-US': 'The checklist has been deleted; its rounds go with it', 'zh-CN': '巡检清单已删除，其巡检记录一并删除' },
  inspectionCompleted: { 'en-US': 'Inspection done: {passed} passed, {failed} failed', 'zh-CN': '巡检完成：{passed} 项通过，{failed} 项未通过' },
  repairNotFound: { 'en-US': 'This repair report does not exist', 'zh-CN': '该报修单不存在' },
  repairTargetNotFound: { 'en-US': 'Choose a desk or room of the company', 'zh-CN': '请选择本公司的工位或会议室' },
  repairBlockNotAllowed: { 'en-US': 'Only the people who look after repairs can take a desk or room out of use', 'zh-CN': '只有负责报修的人员可以停用工位或会议室' },
  repairStatusUnchanged: { 'en-US': 'The report is already in that state', 'zh-CN': '报修单已处于该状态' },
  repairClosed: { 'en-US': 'This report is closed: open a new one', 'zh-CN': '该报修单已关闭，请新建报修' },
  repairAssigneeNotFound: { 'en-US': 'The assignee is not an active colleague', 'zh-CN': '处理人不是在职同事' },
  repairPhotosFull: { 'en-US': 'A report keeps at most {count} photos', 'zh-CN': '每个报修单最多 {count} 张照片' },
  repairPhotoNotAllowed: { 'en-US': 'Only the reporter or the people who look after repairs can add photos to this report', 'zh-CN': '只有报修人或报修负责人可以为该报修单添加照片' },
  floorMapSaved: { 'en-US': 'The floor plan has been saved', 'zh-CN': '楼层平面图已保存' },
  floorMapDeleted: { 'en-US': 'The floor plan has been removed; the desks keep their places', 'zh-CN': '楼层平面图已删除，工位位置保持不变' },
  floorMapNotFound: { 'en-US': 'This floor has no plan', 'zh-CN': '该楼层没有平面图' },
  deskLiveLinkCreated: { 'en-US': 'A new lobby screen link has been made; the previous one no longer opens', 'zh-CN': '已生成新的大厅屏幕链接，之前的链接已失效' },
  deskLiveLinkRevoked: { 'en-US': 'The lobby screen link no longer opens', 'zh-CN': '大厅屏幕链接已失效' },
  deskLiveLinkNotFound: { 'en-US': 'This lobby screen link does not open (unknown or revoked)', 'zh-CN': '该大厅屏幕链接无效（不存在或已撤销）' },
  floorMapNoSize: { 'en-US': 'The SVG plan needs a viewBox or a width and height', 'zh-CN': 'SVG 平面图需要 viewBox 或宽度和高度' },
  // Issue 21: assets and the equipment catalogue
  assetCategorySaved: { 'en-US': 'Category {name} has been saved', 'zh-CN': '分类 {name} 已保存' },
  assetCategoryDeleted: { 'en-US': 'The category has been deleted', 'zh-CN': '分类已删除' },
  assetCategoryNotFound: { 'en-US': 'This asset category does not exist', 'zh-CN': '该资产分类不存在' },
  assetCategoryNameTaken: { 'en-US': 'There is already a category {name} here', 'zh-CN': '此处已有分类 {name}' },
  assetCategoryInUse: { 'en-US': 'Category {name} still has categories or models under it', 'zh-CN': '分类 {name} 下仍有子分类或型号' },
  assetCategoryMoveInside: { 'en-US': 'A category cannot move under itself or one of its own categories', 'zh-CN': '分类不能移动到自身或其子分类之下' },
  assetModelSaved: { 'en-US': 'Model {name} has been saved', 'zh-CN': '型号 {name} 已保存' },
  assetModelDeleted: { 'en-US': 'The model has been deleted', 'zh-CN': '型号已删除' },
  assetModelNotFound: { 'en-US': 'This asset model does not exist', 'zh-CN': '该资产型号不存在' },
  assetModelNameTaken: { 'en-US': 'There is already a model {name}', 'zh-CN': '已有型号 {name}' },
  assetModelInUse: { 'en-US': 'Model {name} still has assets', 'zh-CN': '型号 {name} 下仍有资产' },
  assetSaved: { 'en-US': 'Asset {tag} has been saved', 'zh-CN': '资产 {tag} 已保存' },
  assetsDeleted: { 'en-US': '{count} assets have been deleted; their history stays', 'zh-CN': '已删除 {count} 项资产，其记录仍保留' },
  assetNotFound: { 'en-US': 'This asset does not exist', 'zh-CN': '该资产不存在' },
  assetTagTaken: { 'en-US': 'Asset tag {tag} is already in use', 'zh-CN': '资产标签 {tag} 已被使用' },
  assetSerialTaken: { 'en-US': 'Serial number {serial} is already on another asset of this model', 'zh-CN': '该型号的其他资产已使用序列号 {serial}' },
  assetLocationNotFound: { 'en-US': 'Choose a location of the location tree', 'zh-CN': '请选择位置树中的位置' },
  assetTargetNotFound: { 'en-US': 'Choose an active colleague, a desk or a room of the company', 'zh-CN': '请选择本公司在职同事、工位或会议室' },
  assetAlreadyAssigned: { 'en-US': 'Asset {tag} is already checked out; check it in first', 'zh-CN': '资产 {tag} 已借出，请先归还' },
  assetNotReady: { 'en-US': 'Asset {tag} is in repair or retired and cannot be checked out', 'zh-CN': '资产 {tag} 维修中或已报废，不能借出' },
  assetNotAssigned: { 'en-US': 'Asset {tag} is not checked out', 'zh-CN': '资产 {tag} 未借出' },
  assetCheckedOut: { 'en-US': 'Asset {tag} is checked out to {name}', 'zh-CN': '资产 {tag} 已借给 {name}' },
  assetCheckedIn: { 'en-US': 'Asset {tag} has been checked in', 'zh-CN': '资产 {tag} 已归还' },
  assetAudited: { 'en-US': 'Asset {tag} has been audited', 'zh-CN': '资产 {tag} 已盘点' },
  assetDeployedStatus: { 'en-US': 'Asset {tag} is checked out: check it in before changing its status', 'zh-CN': '资产 {tag} 已借出，请先归还再修改状态' },
  assetDeleteDeployed: { 'en-US': 'Asset {tag} is checked out: check it in before deleting it', 'zh-CN': '资产 {tag} 已借出，请先归还再删除' },
  assetExportTooLarge: { 'en-US': 'At most {max} assets can be exported at once; narrow the filter', 'zh-CN': '一次最多导出 {max} 项资产，请缩小筛选范围' },
  assetImportUnknownModel: { 'en-US': 'Unknown model: {name}', 'zh-CN': '未知型号：{name}' },
  assetImported: { 'en-US': '{created} assets created, {updated} updated, {refused} rows refused', 'zh-CN': '新增 {created} 项资产，更新 {updated} 项，{refused} 行被拒绝' },
  assetImportChecked: { 'en-US': 'Checked: {created} assets would be created, {updated} updated, {refused} rows refused', 'zh-CN': '检查完成：将新增 {created} 项资产，更新 {updated} 项，{refused} 行被拒绝' },
  assetLabelsNone: { 'en-US': 'No asset to print', 'zh-CN': '没有可打印的资产' },
  // Issue 21: desks to and from a spreadsheet.
  deskImported: { 'en-US': '{created} desks created, {updated} updated, {unchanged} unchanged, {refused} rows refused', 'zh-CN': '新增 {created} 个工位，更新 {updated} 个，{unchanged} 个无变化，{refused} 行被拒绝' },
  deskImportChecked: {
    'en-US': 'Checked: {created} desks would be created, {updated} updated, {unchanged} unchanged, {refused} rows refused',
    'zh-CN': '检查完成：将新增 {created} 个工位，更新 {updated} 个，{unchanged} 个无变化，{refused} 行被拒绝',
  },
  deskImportEmpty: { 'en-US': 'The file has no desk rows under its header row', 'zh-CN': '文件的表头下没有工位数据' },
  deskImportUnknownColumns: {
    'en-US': 'The sheet {sheet} has columns the desk import does not know: {columns}. Use the headers of the export',
    'zh-CN': '工作表 {sheet} 含有工位导入无法识别的列：{columns}。请使用导出文件的表头',
  },
  deskImportUnknownFloor: { 'en-US': 'No floor {floor} in building {building}', 'zh-CN': '楼宇 {building} 中没有楼层 {floor}' },
  deskImportUnknownMode: { 'en-US': 'Unknown use: {value}', 'zh-CN': '未知使用方式：{value}' },
  deskImportUnknownEquipment: { 'en-US': 'Unknown equipment: {name}', 'zh-CN': '未知设备：{name}' },
  deskImportUnknownOwner: { 'en-US': 'No active colleague with the e-mail, or department named, {name}', 'zh-CN': '没有邮箱为 {name} 的在职同事或名为 {name} 的部门' },
  deskImportOwnerNeeded: { 'en-US': 'An assigned desk needs an owner: a colleague\'s e-mail or a department\'s name', 'zh-CN': '固定工位需要使用人：同事邮箱或部门名称' },
  deskImportOwnerNotAssigned: { 'en-US': 'Only an assigned desk has an owner', 'zh-CN': '只有固定工位才有使用人' },
  airAlertNotFound: { 'en-US': 'This air-quality alert does not exist', 'zh-CN': '该空气质量告警不存在' },
  airThresholdsSaved: { 'en-US': 'Air-quality thresholds saved', 'zh-CN': '空气质量阈值已保存' },
  airThresholdsRemoved: { 'en-US': 'The thresholds there follow the level above again', 'zh-CN': '该处阈值已恢复为沿用上级设置' },
  airAlertAcknowledged: { 'en-US': 'Alert acknowledged', 'zh-CN': '告警已确认' },
  airBoardNotFound: { 'en-US': 'This air board link does not exist or has been revoked', 'zh-CN': '该空气看板链接不存在或已被撤销' },
  airBoardLinkCreated: { 'en-US': 'The air board link has been created; copy it now, it is shown only once', 'zh-CN': '空气看板链接已创建，请立即复制，仅显示一次' },
  airBoardLinkRevoked: { 'en-US': 'The air board link has been revoked', 'zh-CN': '空气看板链接已撤销' },
  airDeviceNotFound: { 'en-US': 'This air monitor does not exist', 'zh-CN': '该空气监测设备不存在' },
  smartRoomSettingsSaved: { 'en-US': 'Smart-room settings saved', 'zh-CN': '智能会议室设置已保存' },
  smartRoomDeviceNotFound: { 'en-US': 'This device is not in this room', 'zh-CN': '该设备不在此会议室' },
  smartControlNotSettable: { 'en-US': '{property} cannot be set on this device', 'zh-CN': '该设备的 {property} 不可设置' },
  smartControlInvalidValue: { 'en-US': '{value} is not a valid {property}', 'zh-CN': '{value} 不是有效的 {property}' },
  smartDeviceOffline: { 'en-US': 'The device is offline: nothing was sent', 'zh-CN': '设备离线，指令未发送' },
  smartGatewayOff: { 'en-US': 'Devices cannot be controlled: no MQTT broker is configured', 'zh-CN': '未配置 MQTT 服务器，无法控制设备' },
  smartControlAcked: { 'en-US': 'The device confirmed the change', 'zh-CN': '设备已确认更改' },
  smartControlFailed: { 'en-US': 'The device refused the change', 'zh-CN': '设备拒绝了更改' },
  smartControlTimeout: { 'en-US': 'The device did not answer in time', 'zh-CN': '设备未及时响应' },
  smartPlanSaved: { 'en-US': 'Smart plan saved', 'zh-CN': '智能计划已保存' },
  smartScenesSaved: { 'en-US': 'Scenes saved', 'zh-CN': '场景已保存' },
  smartAlarmNotFound: { 'en-US': 'This device alarm does not exist', 'zh-CN': '该设备告警不存在' },
  smartAlarmAcknowledged: { 'en-US': 'Alarm acknowledged', 'zh-CN': '告警已确认' },
  // Issue 22: the devices page.
  smartDeviceDeployerTwice: { 'en-US': 'The same deployer cannot be added twice', 'zh-CN': '同一部署人员不能重复添加' },
  smartDeviceHomieIdTaken: { 'en-US': 'Another device of the company already has the device id {homieId}', 'zh-CN': '公司已有其他设备使用设备标识 {homieId}' },
  smartDeviceRoomNotFound: { 'en-US': 'Choose a room of the company', 'zh-CN': '请选择本公司的会议室' },
  smartDeviceDeployerNotFound: { 'en-US': 'Deployers must be colleagues of the company', 'zh-CN': '部署人员必须是本公司的同事' },
  smartDeviceNotFound: { 'en-US': 'This smart device does not exist', 'zh-CN': '该智能设备不存在' },
  smartDeviceSaved: { 'en-US': 'Device {name} has been saved', 'zh-CN': '设备 {name} 已保存' },
  smartDeviceDeleted: { 'en-US': 'The device has been deleted', 'zh-CN': '设备已删除' },
  smartDeviceRestartWrongSafetyPassword: { 'en-US': 'Restart failed because of wrong safety password', 'zh-CN': '安全密码错误，重启失败' },
  smartDeviceNoBroker: {
    'en-US': 'Commands cannot be sent: no MQTT broker is configured (MQTT_URL)',
    'zh-CN': '无法发送指令：未配置 MQTT 服务器（MQTT_URL）',
  },
  smartDeviceBrokerUnavailable: {
    'en-US': 'The MQTT broker did not take the device account: nothing was changed, try again shortly',
    'zh-CN': 'MQTT 服务器未接受设备账号：未做任何更改，请稍后重试',
  },
  smartDeviceRestartSent: { 'en-US': 'The restart has been sent to the device', 'zh-CN': '已向设备发送重启指令' },
  // The operator area (issue 23, /branch).
  branchNotFound: { 'en-US': 'This branch does not exist', 'zh-CN': '该分支不存在' },
  branchNameTaken: { 'en-US': 'A branch named {name} already exists', 'zh-CN': '已存在名为 {name} 的分支' },
  branchCompanyNotFound: { 'en-US': 'One of the companies does not exist', 'zh-CN': '其中有公司不存在' },
  branchNoDraft: { 'en-US': 'Write the updated instructions of the next version first', 'zh-CN': '请先填写下一版本的更新说明' },
  branchVersionNotNewer: { 'en-US': 'Version {version} is not newer than the branch\'s {current}', 'zh-CN': '版本 {version} 不高于该分支当前的 {current}' },
  branchCreated: { 'en-US': 'Branch created', 'zh-CN': '分支已创建' },
  branchSaved: { 'en-US': 'Branch saved', 'zh-CN': '分支已保存' },
  branchInstructionsSaved: { 'en-US': 'Updated instructions saved', 'zh-CN': '更新说明已保存' },
  branchVersionReleased: { 'en-US': 'Version {version} released', 'zh-CN': '版本 {version} 已发布' },
  branchMenuSaved: { 'en-US': 'Menu entries saved', 'zh-CN': '菜单权限已保存' },
  releaseNotesNotFound: { 'en-US': 'These release notes do not exist', 'zh-CN': '该更新说明不存在' },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** The `{name}` placeholders of a message text, as a union of names. */
type PlaceholdersOf<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;

/** The parameter names a message's text asks for, in either language. */
export type MessageParamName<K extends MessageKey> = PlaceholdersOf<(typeof MESSAGES)[K][Lang]>;

/** The parameters of a message: every placeholder of its texts, nothing else. */
export type MessageParamsOf<K extends MessageKey> = [MessageParamName<K>] extends [never]
  ? Readonly<Record<string, never>>
  : { [Name in MessageParamName<K>]: string | number };

/** The trailing parameters argument: optional for a message without placeholders, required otherwise. */
export type MessageParamsArg<K extends MessageKey> = [MessageParamName<K>] extends [never] ? [params?: MessageParamsOf<K>] : [params: MessageParamsOf<K>];

/** A message key with the parameters its text names: problems the contract's rules return, checked when made. */
export type MessageOf<K extends MessageKey = MessageKey> = {
  [P in K]: [MessageParamName<P>] extends [never] ? { key: P; params?: MessageParamsOf<P> } : { key: P; params: MessageParamsOf<P> };
}[K];

/** Keys whose texts have no placeholder: they need no parameters wherever they are chosen. */
export type PlainMessageKey = { [K in MessageKey]: [MessageParamName<K>] extends [never] ? K : never }[MessageKey];

/** A contract rule's problem (its key and parameters) in the given language. */
export function formatMessage(message: MessageOf, lang: Lang): string;
/** Fills `{name}` placeholders of a message in the given language; the compiler checks the names. */
export function formatMessage<K extends MessageKey>(key: K, lang: Lang, ...params: MessageParamsArg<K>): string;
export function formatMessage(keyOrMessage: MessageKey | MessageOf, lang: Lang, params?: Readonly<Record<string, string | number>>): string {
  return typeof keyOrMessage === 'string' ? renderMessage(keyOrMessage, lang, params) : renderMessage(keyOrMessage.key, lang, keyOrMessage.params);
}

/** A `{name}` placeholder: a word in braces. */
const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Fills a message whose parameters were checked where it was made (an `AppError` rendered again):
 * the loose form of `formatMessage`, for keys only known at run time.
 */
export function renderMessage(key: MessageKey, lang: Lang, params: Readonly<Record<string, string | number>> = {}): string {
  return MESSAGES[key][lang].replace(PLACEHOLDER, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The placeholder names a text holds, each once, in order. */
export function placeholdersIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1]!))];
}

/** The placeholders of a message (either language) that `params` leave unfilled: empty when it renders whole. */
export function missingParams(key: MessageKey, params: Readonly<Record<string, string | number>> = {}): string[] {
  const texts = MESSAGES[key];
  return placeholdersIn(`${texts['en-US']} ${texts['zh-CN']}`).filter((name) => !(name in params));
}
