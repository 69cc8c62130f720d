import { useLocation, useNavigate } from 'react-router';

/**
 * Shown instead of a page whose code could not be loaded while offline (spec section 2).
 * Its texts are in Chinese, as the spec asks: the catalogs may be what failed to load.
 */
export function OfflineFallback() {
  const navigate = useNavigate();
  // The fallback stands at the route that failed: retrying means loading that route afresh.
  const location = useLocation();
  const target = location.pathname + location.search;
  return (
    <section className="page offline-fallback" lang="zh-CN" aria-labelledby="offline-title">
      <h1 id="offline-title">页面暂时不可用</h1>
      <p>您当前处于离线状态，且此页面尚未被缓存。请检查网络连接后重试。</p>
      <div className="actions">
        <button type="button" className="button primary" onClick={() => navigate('/')}>
          返回首页
        </button>
        <button
          type="button"
          className="button"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
        >
          返回上一页
        </button>
        <button
          type="button"
          className="button"
          // A full load: the router keeps the fallback for this route, only a fresh document tries again.
          onClick={() => window.location.assign(target)}
        >
          重试
        </button>
      </div>
    </section>
  );
}
