@testable import LoadingControllerExample

/// The forecast example's error; in a file of its own, as the quote example has one of the same
/// name, and each module's name is hidden by its program's type of the same name.
func forecastServerError(attempt: Int) -> any Error {
  ServerError(attempt: attempt)
}
