import { catalog } from "@atelier/contracts";
import { route } from "../http/route";
import { addFavorite } from "../services/catalog/add-favorite";
import { countCatalogItems } from "../services/catalog/count-catalog-items";
import { countCatalogItemsByCategoryGroup } from "../services/catalog/count-catalog-items-by-category-group";
import { countSuppliers } from "../services/catalog/count-suppliers";
import { createSupplierReview } from "../services/catalog/create-supplier-review";
import { getCatalogItem, getPublicCatalogItem, listCatalogItemRecommendations } from "../services/catalog/get-catalog-item";
import { getSupplierCountryInfo } from "../services/catalog/get-supplier-country-info";
import { getPublicSupplierProfile, getSupplierProfile } from "../services/catalog/get-supplier-profile";
import { getSupplierReviewSummary } from "../services/catalog/get-supplier-review-summary";
import { getSuppliersByIds } from "../services/catalog/get-suppliers-by-ids";
import { listCatalogCategories } from "../services/catalog/list-catalog-categories";
import { listCatalogSubCategories } from "../services/catalog/list-catalog-sub-categories";
import { listFavorites } from "../services/catalog/list-favorites";
import { listHomepageGroupSuppliers } from "../services/catalog/list-homepage-group-suppliers";
import { listProductListings } from "../services/catalog/list-product-listings";
import { listSourcingTabSuppliers } from "../services/catalog/list-sourcing-tab-suppliers";
import { listPublicSupplierReviews, listSupplierReviews } from "../services/catalog/list-supplier-reviews";
import { matchDesignProducts } from "../services/catalog/match-design-products";
import { postPublicSupplierReview } from "../services/catalog/post-public-supplier-review";
import { recommendItemsToUser } from "../services/catalog/recommend-items-to-user";
import { recommendNextItems } from "../services/catalog/recommend-next-items";
import { removeFavorite } from "../services/catalog/remove-favorite";
import { searchByImage } from "../services/catalog/search-by-image";
import { searchCatalogItems } from "../services/catalog/search-catalog-items";
import { searchSuppliers } from "../services/catalog/search-suppliers";
import { searchSuppliersForYou } from "../services/catalog/search-suppliers-for-you";
import { suggestCatalogAutoComplete } from "../services/catalog/suggest-catalog-auto-complete";
import { trackSupplierDetailView } from "../services/catalog/track-supplier-detail-view";
import { updateSupplierReview } from "../services/catalog/update-supplier-review";

export const catalogRoutes = [
  route(catalog.listCatalogCategories, ({ ctx, query }) => listCatalogCategories(ctx, query)),
  route(catalog.listCatalogSubCategories, ({ ctx, query }) => listCatalogSubCategories(ctx, query)),
  route(catalog.searchSuppliers, ({ ctx, query }) => searchSuppliers(ctx, query)),
  route(catalog.countSuppliers, ({ ctx, query }) => countSuppliers(ctx, query)),
  route(catalog.getSuppliersByIds, ({ ctx, params }) => getSuppliersByIds(ctx, params.ids)),
  route(catalog.getSupplierProfile, ({ ctx, params, query }) => getSupplierProfile(ctx, params.id, query)),
  route(catalog.recommendNextItems, ({ ctx, query }) => recommendNextItems(ctx, query)),
  route(catalog.recommendItemsToUser, ({ ctx, body }) => recommendItemsToUser(ctx, body)),
  route(catalog.trackSupplierDetailView, ({ ctx, body }) => trackSupplierDetailView(ctx, body)),
  route(catalog.listHomepageGroupSuppliers, ({ ctx, query }) => listHomepageGroupSuppliers(ctx, query)),
  route(catalog.getSupplierCountryInfo, ({ ctx }) => getSupplierCountryInfo(ctx)),
  route(catalog.searchSuppliersForYou, ({ ctx, query }) => searchSuppliersForYou(ctx, query)),
  route(catalog.listSourcingTabSuppliers, ({ ctx, query }) => listSourcingTabSuppliers(ctx, query)),
  route(catalog.searchCatalogItems, ({ ctx, query }) => searchCatalogItems(ctx, query)),
  route(catalog.countCatalogItems, ({ ctx, query }) => countCatalogItems(ctx, query)),
  route(catalog.countCatalogItemsByCategoryGroup, ({ ctx, query }) => countCatalogItemsByCategoryGroup(ctx, query)),
  route(catalog.suggestCatalogAutoComplete, ({ ctx, query }) => suggestCatalogAutoComplete(ctx, query)),
  route(catalog.listProductListings, ({ ctx, query }) => listProductListings(ctx, query)),
  route(catalog.getCatalogItem, ({ ctx, params }) => getCatalogItem(ctx, params.id)),
  route(catalog.listCatalogItemRecommendations, ({ ctx, params, query }) => listCatalogItemRecommendations(ctx, params.id, query.size)),
  route(catalog.matchDesignProducts, ({ ctx, body }) => matchDesignProducts(ctx, body)),
  route(catalog.searchByImage, ({ ctx, body }) => searchByImage(ctx, body)),
  route(catalog.listSupplierReviews, ({ ctx, query }) => listSupplierReviews(ctx, query)),
  route(catalog.createSupplierReview, ({ ctx, body }) => createSupplierReview(ctx, body)),
  route(catalog.updateSupplierReview, ({ ctx, params, body }) => updateSupplierReview(ctx, params.id, body)),
  route(catalog.getSupplierReviewSummary, ({ ctx, params }) => getSupplierReviewSummary(ctx, params.id)),
  route(catalog.postPublicSupplierReview, ({ ctx, params, body }) => postPublicSupplierReview(ctx, params.supplierId, body)),
  route(catalog.listFavorites, ({ ctx, query }) => listFavorites(ctx, query)),
  route(catalog.addFavorite, ({ ctx, body }) => addFavorite(ctx, body)),
  route(catalog.removeFavorite, ({ ctx, params }) => removeFavorite(ctx, params.id)),
  route(catalog.getPublicCatalogItem, ({ ctx, params }) => getPublicCatalogItem(ctx, params.id)),
  route(catalog.getPublicSupplierProfile, ({ ctx, params }) => getPublicSupplierProfile(ctx, params.id)),
  route(catalog.listPublicSupplierReviews, ({ ctx, query }) => listPublicSupplierReviews(ctx, query)),
  route(catalog.getPublicSupplierReviewSummary, ({ ctx, params }) => getSupplierReviewSummary(ctx, params.id)),
  route(catalog.searchPublicSuppliers, ({ ctx, query }) => searchSuppliers(ctx, query)),
  route(catalog.searchPublicCatalogItems, ({ ctx, query }) => searchCatalogItems(ctx, query)),
];
