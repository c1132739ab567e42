import type { Brand } from '../../../content-model/schemas/brand';
import type { BrandLink } from '../../../content-model/schemas/service-pages';

/** The address of a platform named in content: always from content/brand.json. */
export function brandHref(brand: Brand, target: BrandLink['target']): string {
  switch (target) {
    case 'goods':
      return brand.links.goods;
    case 'goodsDetail':
      return brand.links.goodsDetail;
    case 'sailingSchedule':
      return brand.links.sailingSchedule;
    case 'eBusiness': {
      const platform = brand.platforms.find((p) => p.id === 'EB');
      if (!platform) throw new Error('content/brand.json: no EB platform for the e-business link');
      return platform.href;
    }
  }
}

/** A phone number as a tel: link target: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
