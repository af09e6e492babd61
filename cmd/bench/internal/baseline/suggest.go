package baseline
