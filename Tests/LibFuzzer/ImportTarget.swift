import CooktimerCore

// libFuzzer entry for recipe import (run.sh builds it): any bytes are a web page (HTML with
// JSON-LD, or JSON-LD itself). Import must return a recipe or a reason, and the `.cook`
// text it writes must parse without an error (docs/recipes.md §11).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let page = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let recipe = try? RecipeImport.recipe(fromPage: page) else { return 0 }
  let text = RecipeImport.cookText(recipe, source: "https://example.com/r")
  let result = Cooklang.parse(text, file: "imported.cook")
  precondition(result.errors.isEmpty, "\(result.errors)")
  return 0
}
