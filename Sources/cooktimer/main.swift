print("cooktimer")
