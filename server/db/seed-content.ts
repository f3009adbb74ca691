import type { Language } from '../lib/types.ts';

/** Agreement and rule texts of the seed, written per language with the tenant's brand name filled in. */
export interface SeedText {
  name: string;
  content: string;
}

export function userAgreement(brand: string, language: Language): SeedText {
  if (language === 'en-US') {
    return {
      name: 'User Agreement',
      content: `<h2>1. Acceptance</h2>
<p>By registering for or using ${brand} you agree to this User Agreement. If you do not agree, please do not use the service.</p>
<h2>2. The service</h2>
<p>${brand} rents remote virtual Android devices ("cloud phones") that you control through your browser. Each cloud phone is available for the period you paid for or redeemed.</p>
<ul>
<li>You are responsible for everything done on your cloud phones and for keeping your login credentials secret.</li>
<li>You must not use a cloud phone for fraud, spam, malware, or anything unlawful.</li>
<li>Transfers and authorisations to other accounts follow the limits shown in the app.</li>
</ul>
<h2>3. Payment and refunds</h2>
<p>Prices are shown before you pay. Time already used is not refundable; an order that cannot be fulfilled is refunded in full.</p>
<h2>4. Termination</h2>
<p>You may cancel your account at any time from the personal centre. We may suspend accounts that break this agreement.</p>`,
    };
  }
  return {
    name: '用户协议',
    content: `<h2>一、协议的接受</h2>
<p>注册或使用${brand}即表示您同意本用户协议。如您不同意，请不要使用本服务。</p>
<h2>二、服务内容</h2>
<p>${brand}为您提供远程虚拟安卓设备（“云手机”）的租用服务，您可以通过浏览器操控云手机。每台云手机在您购买或兑换的有效期内可用。</p>
<ul>
<li>您需对云手机上的一切操作负责，并妥善保管登录凭证。</li>
<li>不得利用云手机从事欺诈、垃圾信息、恶意软件或其他违法活动。</li>
<li>转移和授权给其他账号须遵守应用内展示的限制。</li>
</ul>
<h2>三、付款与退款</h2>
<p>价格在付款前展示。已使用的时长不予退款；无法交付的订单全额退款。</p>
<h2>四、终止</h2>
<p>您可随时在个人中心注销账号。对于违反本协议的账号，我们有权暂停服务。</p>`,
  };
}

export function privacyPolicy(brand: string, language: Language): SeedText {
  if (language === 'en-US') {
    return {
      name: 'Privacy Policy',
      content: `<h2>1. What we collect</h2>
<p>${brand} collects only what the service needs:</p>
<ul>
<li>Your mobile number, used to log in and to send verification codes.</li>
<li>A device fingerprint, app version and language, sent with each request to keep your session secure.</li>
<li>Orders and the cloud phones assigned to you.</li>
</ul>
<h2>2. How we use it</h2>
<p>We use this information to provide and secure the service, to answer support requests, and to meet legal obligations. We do not sell personal data.</p>
<h2>3. Your choices</h2>
<p>You can change your nickname, password and bound mobile number, or cancel your account, from the personal centre. Cancelling deletes your personal data except what the law requires us to keep.</p>
<h2>4. Contact</h2>
<p>Questions about privacy can be sent through the customer service entry in the app.</p>`,
    };
  }
  return {
    name: '隐私政策',
    content: `<h2>一、我们收集的信息</h2>
<p>${brand}仅收集提供服务所必需的信息：</p>
<ul>
<li>您的手机号，用于登录和发送验证码。</li>
<li>设备指纹、应用版本和语言，随每次请求发送，用于保障账号安全。</li>
<li>您的订单以及分配给您的云手机。</li>
</ul>
<h2>二、信息的使用</h2>
<p>我们使用上述信息提供并保障服务、处理客服请求以及履行法定义务。我们不会出售您的个人信息。</p>
<h2>三、您的权利</h2>
<p>您可以在个人中心修改昵称、密码和绑定手机号，或注销账号。注销后，除法律要求保留的信息外，您的个人信息将被删除。</p>
<h2>四、联系我们</h2>
<p>如对隐私有任何疑问，请通过应用内的客服入口联系我们。</p>`,
  };
}

export function inviteRule(brand: string, language: Language): SeedText {
  if (language === 'en-US') {
    return {
      name: 'Invitation Rules',
      content: `<h2>Invite friends to ${brand}</h2>
<p>Share your invitation poster or code. When a friend registers with it and makes a first purchase, you both receive a reward.</p>
<ul>
<li>Rewards are credited within 24 hours of the friend's first payment.</li>
<li>An account can enter an invitation code only once.</li>
<li>Invitations obtained through fake accounts are void.</li>
</ul>`,
    };
  }
  return {
    name: '邀请规则',
    content: `<h2>邀请好友使用${brand}</h2>
<p>分享您的邀请海报或邀请码。好友通过邀请注册并完成首次购买后，双方均可获得奖励。</p>
<ul>
<li>奖励在好友首次付款后 24 小时内发放。</li>
<li>每个账号只能填写一次邀请码。</li>
<li>通过虚假账号获得的邀请无效。</li>
</ul>`,
  };
}
