import { marketplace } from "@atelier/contracts";
import { route } from "../http/route";
import { addFavorite } from "../services/marketplace/add-favorite";
import { countCatalogItems } from "../services/marketplace/count-catalog-items";
import { countCatalogItemsByCategoryGroup } from "../services/marketplace/count-catalog-items-by-category-group";
import { countSuppliers } from "../services/marketplace/count-suppliers";
import { createSupplierReview } from "../services/marketplace/create-supplier-review";
import { getCatalogItem, getPublicCatalogItem, listCatalogItemRecommendations } from "../services/marketplace/get-catalog-item";
import { getSupplierCountryInfo } from "../services/marketplace/get-supplier-country-info";
import { getPublicSupplierProfile, getSupplierProfile } from "../services/marketplace/get-supplier-profile";
import { getSupplierReviewSummary } from "../services/marketplace/get-supplier-review-summary";
import { getSuppliersByIds } from "../services/marketplace/get-suppliers-by-ids";
import { listCatalogCategories } from "../services/marketplace/list-catalog-categories";
import { listCatalogSubCategories } from "../services/marketplace/list-catalog-sub-categories";
import { listFavorites } from "../services/marketplace/list-favorites";
import { listHomepageGroupSuppliers } from "../services/marketplace/list-homepage-group-suppliers";
import { listProductListings } from "../services/marketplace/list-product-listings";
import { listSourcingTabSuppliers } from "../services/marketplace/list-sourcing-tab-suppliers";
import { listPublicSupplierReviews, listSupplierReviews } from "../services/marketplace/list-supplier-reviews";
import { matchDesignProducts } from "../services/marketplace/match-design-products";
import { postPublicSupplierReview } from "../services/marketplace/post-public-supplier-review";
import { recommendItemsToUser } from "../services/marketplace/recommend-items-to-user";
import { recommendNextItems } from "../services/marketplace/recommend-next-items";
import { removeFavorite } from "../services/marketplace/remove-favorite";
import { searchByImage } from "../services/marketplace/search-by-image";
import { searchCatalogItems } from "../services/marketplace/search-catalog-items";
import { searchSuppliers } from "../services/marketplace/search-suppliers";
import { searchSuppliersForYou } from "../services/marketplace/search-suppliers-for-you";
import { suggestCatalogAutoComplete } from "../services/marketplace/suggest-catalog-auto-complete";
import { trackSupplierDetailView } from "../services/marketplace/track-supplier-detail-view";
import { updateSupplierReview } from "../services/marketplace/update-supplier-review";

export const marketplaceRoutes = [
  route(marketplace.listCatalogCategories, ({ ctx, query }) => listCatalogCategories(ctx, query)),
  route(marketplace.listCatalogSubCategories, ({ ctx, query }) => listCatalogSubCategories(ctx, query)),
  route(marketplace.searchSuppliers, ({ ctx, query }) => searchSuppliers(ctx, query)),
  route(marketplace.countSuppliers, ({ ctx, query }) => countSuppliers(ctx, query)),
  route(marketplace.getSuppliersByIds, ({ ctx, params }) => getSuppliersByIds(ctx, params.ids)),
  route(marketplace.getSupplierProfile, ({ ctx, params, query }) => getSupplierProfile(ctx, params.id, query)),
  route(marketplace.recommendNextItems, ({ ctx, query }) => recommendNextItems(ctx, query)),
  route(marketplace.recommendItemsToUser, ({ ctx, body }) => recommendItemsToUser(ctx, body)),
  route(marketplace.trackSupplierDetailView, ({ ctx, body }) => trackSupplierDetailView(ctx, body)),
  route(marketplace.listHomepageGroupSuppliers, ({ ctx, query }) => listHomepageGroupSuppliers(ctx, query)),
  route(marketplace.getSupplierCountryInfo, ({ ctx }) => getSupplierCountryInfo(ctx)),
  route(marketplace.searchSuppliersForYou, ({ ctx, query }) => searchSuppliersForYou(ctx, query)),
  route(marketplace.listSourcingTabSuppliers, ({ ctx, query }) => listSourcingTabSuppliers(ctx, query)),
  route(marketplace.searchCatalogItems, ({ ctx, query }) => searchCatalogItems(ctx, query)),
  route(marketplace.countCatalogItems, ({ ctx, query }) => countCatalogItems(ctx, query)),
  route(marketplace.countCatalogItemsByCategoryGroup, ({ ctx, query }) => countCatalogItemsByCategoryGroup(ctx, query)),
  route(marketplace.suggestCatalogAutoComplete, ({ ctx, query }) => suggestCatalogAutoComplete(ctx, query)),
  route(marketplace.listProductListings, ({ ctx, query }) => listProductListings(ctx, query)),
  route(marketplace.getCatalogItem, ({ ctx, params }) => getCatalogItem(ctx, params.id)),
  route(marketplace.listCatalogItemRecommendations, ({ ctx, params, query }) => listCatalogItemRecommendations(ctx, params.id, query.size)),
  route(marketplace.matchDesignProducts, ({ ctx, body }) => matchDesignProducts(ctx, body)),
  route(marketplace.searchByImage, ({ ctx, body }) => searchByImage(ctx, body)),
  route(marketplace.listSupplierReviews, ({ ctx, query }) => listSupplierReviews(ctx, query)),
  route(marketplace.createSupplierReview, ({ ctx, body }) => createSupplierReview(ctx, body)),
  route(marketplace.updateSupplierReview, ({ ctx, params, body }) => updateSupplierReview(ctx, params.id, body)),
  route(marketplace.getSupplierReviewSummary, ({ ctx, params }) => getSupplierReviewSummary(ctx, params.id)),
  route(marketplace.postPublicSupplierReview, ({ ctx, params, body }) => postPublicSupplierReview(ctx, params.supplierId, body)),
  route(marketplace.listFavorites, ({ ctx, query }) => listFavorites(ctx, query)),
  route(marketplace.addFavorite, ({ ctx, body }) => addFavorite(ctx, body)),
  route(marketplace.removeFavorite, ({ ctx, params }) => removeFavorite(ctx, params.id)),
  route(marketplace.getPublicCatalogItem, ({ ctx, params }) => getPublicCatalogItem(ctx, params.id)),
  route(marketplace.getPublicSupplierProfile, ({ ctx, params }) => getPublicSupplierProfile(ctx, params.id)),
  route(marketplace.listPublicSupplierReviews, ({ ctx, query }) => listPublicSupplierReviews(ctx, query)),
  route(marketplace.getPublicSupplierReviewSummary, ({ ctx, params }) => getSupplierReviewSummary(ctx, params.id)),
  route(marketplace.searchPublicSuppliers, ({ ctx, query }) => searchSuppliers(ctx, query)),
  route(marketplace.searchPublicCatalogItems, ({ ctx, query }) => searchCatalogItems(ctx, query)),
];
