// /aboutus 关于我们 (PAGES.md §3.9): who we are, where the figures come from and how they are computed, the user
// agreement and privacy policy (linked from the login page), contact, version, ICP. Static.
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/aboutus';
import { version } from '../../../package.json';
import '../../features/account/account.css';
import '../../components/avatar/avatar.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('关于我们') },
  { name: 'description', content: `房价通的数据来源与计算方法、用户协议、隐私政策与联系方式。${SITE_DESCRIPTION}` },
];

export default function AboutUsPage() {
  return (
    <main className="acct" data-testid="aboutus">
      <section className="acct-login-card">
        <span className="avatar" style={{ width: 64, height: 64, fontSize: 28, background: 'var(--fjt-brand)' }}>
          房
        </span>
        <h2>房价通</h2>
        <p>查小区真实房价：挂牌价、成交价、走势、报告与估价</p>
        <p className="acct-list__value num" data-testid="app-version">
          版本 {version}
        </p>
      </section>

      <section className="acct-panel" id="data" aria-label="数据来源与方法">
        <h2>数据来源与计算方法</h2>
        <ul>
          <li>
            城市房价指数：国家统计局《70个大中城市商品住宅销售价格变动情况》月度环比、同比指数（整理自开源项目
            hugohe3/70cityprice，MIT 许可）。
          </li>
          <li>挂牌数据：合作经纪机构发布的在售、在租房源，按房源编号去重，调价记录逐次保留。</li>
          <li>成交数据：中介成交与网签备案两种来源，成交后按规定延迟展示。</li>
          <li>挂牌均价：统计月末在售房源挂牌单价的平均值；成交均价：当月成交单价的平均值。</li>
          <li>房东溢价系数：本月挂牌均价 ÷ 上月成交均价。</li>
          <li>样本不足时（如小区在售少于5套）不显示均价或涨跌，以免误导。</li>
          <li>估价：参考同小区及周边近期可比成交，按面积、楼层、朝向、装修修正，给出区间与可信度。</li>
        </ul>
        <p>本站演示环境中的小区、房源与成交明细为按上述官方指数校准生成的模拟数据，仅供参考，不构成交易建议。</p>
      </section>

      <section className="acct-panel" id="agreement" aria-label="用户服务协议">
        <h2>用户服务协议</h2>
        <ol>
          <li>您使用手机号和短信验证码登录；未注册的手机号验证后自动注册。请妥善保管手机及验证码。</li>
          <li>房价通提供的价格、走势、报告与估价均基于公开及合作数据计算，仅供参考，不作为交易、贷款或评估依据。</li>
          <li>会员与报告等付费服务以购买页面展示的价格与权益为准，支付成功后即时生效。</li>
          <li>您提交的问答、点评等内容须真实合法，不得包含他人隐私、广告或违法信息。</li>
          <li>您可随时在“个人信息”中退出登录或注销账号。</li>
        </ol>
      </section>

      <section className="acct-panel" id="privacy" aria-label="隐私政策">
        <h2>隐私政策</h2>
        <ol>
          <li>我们收集：手机号（登录与联系）、昵称与头像（您设置时）、订阅与收藏、消息、登录记录。</li>
          <li>手机号在页面上以 138****0000 的形式展示；登录凭证只以不可逆摘要形式保存。</li>
          <li>您提交找房或成交价需求时，手机号会提供给为您服务的经纪人，通话使用虚拟号码。</li>
          <li>
            您有权查阅并导出您的个人数据，也可注销账号删除个人数据：见
            <Link to="/profile/info">个人信息</Link>。
          </li>
          <li>我们不会出售您的个人信息。</li>
        </ol>
      </section>

      <section className="acct-panel" aria-label="联系我们">
        <h2>联系我们</h2>
        <p>
          客服邮箱：service@fangjiatong.cn
          <br />
          工作时间：每天 9:00–21:00
        </p>
      </section>
    </main>
  );
}
