/// The recipes of the repository's `Recipes/` folder, built into the binary (SwiftPM
/// resources, `.embedInCode`): an installed `cooktimer` puts them in its data folder on
/// first use (docs/cli.md §1.2), so it has recipes without the repository.
///
/// `ShippedRecipesTests` checks that this list holds every file of `Recipes/`, byte for byte.
public enum ShippedRecipes {
  /// Each file's name (`tea.cook`) and its bytes (UTF-8 Cooklang).
  public static let files: [(name: String, bytes: [UInt8])] = [
    ("guacamole.cook", PackageResources.guacamole_cook),
    ("hard-boiled-eggs.cook", PackageResources.hard_boiled_eggs_cook),
    ("lasagne.cook", PackageResources.lasagne_cook),
    ("overnight-bread.cook", PackageResources.overnight_bread_cook),
    ("pasta-carbonara.cook", PackageResources.pasta_carbonara_cook),
    ("rice.cook", PackageResources.rice_cook),
    ("slow-cooker-chili.cook", PackageResources.slow_cooker_chili_cook),
    ("soft-boiled-eggs.cook", PackageResources.soft_boiled_eggs_cook),
    ("spaghetti.cook", PackageResources.spaghetti_cook),
    ("steak.cook", PackageResources.steak_cook),
    ("tea.cook", PackageResources.tea_cook),
  ]
}
