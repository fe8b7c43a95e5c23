import Testing

/// `show` lists the ingredients with their quantities, as the steps name them.
@Suite("show: ingredients")
struct ShowIngredientsTests {
  @Test func showListsIngredientsWithQuantities() throws {
    let box = try Sandbox(inProcess: true)
    try box.write(
      recipe: "salad",
      """
      ---
      title: Salad
      ---
      Wash the @lettuce{1%head} and @tomatoes{3}(halved).

      Dress with @olive oil{2%tbsp} and @salt, then rest ~{5%minutes}.
      """)
    let r = try box.run(["show", "salad"])
    #expect(r.status == 0)
    #expect(
      r.stdout == """
        Salad  (\(box.recipes)/salad.cook)
        Ingredients:
          1 head  lettuce
               3  tomatoes (halved)
          2 tbsp  olive oil
                  salt
          1. Wash the lettuce and tomatoes.
          2. Dress with olive oil and salt, then rest 5 minutes.
                    ⏱ timer 5 min

        """)
  }
}
